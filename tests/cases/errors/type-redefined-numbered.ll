; expect: 3:1: redefinition of type
%0 = type { i32 }
%0 = type { i32 }

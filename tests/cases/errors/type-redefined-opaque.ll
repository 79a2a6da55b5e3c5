; expect: 3:1: redefinition of type
%T = type opaque
%T = type opaque
@g = external global %T

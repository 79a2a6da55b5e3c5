; expect: 2:21: void type only allowed for function results
%pair = type { i32, void }

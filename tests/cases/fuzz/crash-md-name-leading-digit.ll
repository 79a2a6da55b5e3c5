; Fuzz regression: a named metadata name starting with a digit (written
; with an escape) must be printed escaped, or it reads back as a number.
!h\=!{}
!\33333333333333333333333333333333333333333333333333333333333333333333333333333333333333a\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\aa\=!{}
!\aaaaaaaaaaaax\=!{}
!\aaacconvergentr=!{}
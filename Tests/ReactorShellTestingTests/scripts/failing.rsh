# A script with one failed expectation (line 4) and one error (line 5).
:use counter
increase
:expect value == 2
bogus
:expect value == 1

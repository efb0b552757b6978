/* Fuzz (issue 22): a C++ file that needs no runtime include, whose first
 * line of code begins where a block comment ends. The compat include went
 * to the start of that line, inside the comment (the HIP build never saw
 * it), and a second run added another. It goes above the comment.
 */ curandState* states;

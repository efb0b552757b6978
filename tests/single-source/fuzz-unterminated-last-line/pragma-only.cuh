// A header whose last line, with no line break, is where the compat
// include goes (fuzz, single_source): the block after it ends that line
// with one, and a second run read the line so and placed the include
// anew. The mode takes such a file with the line break from the start.
#pragma once
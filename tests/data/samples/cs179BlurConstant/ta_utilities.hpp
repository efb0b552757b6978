// Course-lab utilities (after Caltech CS179's ta_utilities.hpp): pick the
// least used GPU by asking nvidia-smi, and enforce a time limit on the job.
#ifndef TA_UTILITIES_HPP
#define TA_UTILITIES_HPP

namespace TA_Utilities {
/* Select the least utilized GPU on this system. Estimate
   GPU utilization using GPU temperature. */
void select_coldest_GPU();

/* Create a child thread that will kill the parent thread after the
   specified time limit has been exceeded */
void enforce_time_limit(int time_limit);
}  // namespace TA_Utilities

#endif

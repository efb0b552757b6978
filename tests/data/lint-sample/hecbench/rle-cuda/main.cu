// HeCBench rle-cuda/main.cu, lines 24-44, 198-218, 221-241, 369-389
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
 * SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 *
 ******************************************************************************/

/******************************************************************************
 * Test of DeviceRunLengthEncode
 ******************************************************************************/

// Ensure printing of CUDA runtime errors to console
#define CUB_STDERR

#include <chrono>
#include <cstdio>
#include <random>
#include <cub/cub.cuh>
#include "test_util.h"

using namespace cub;

//---------------------------------------------------------------------
// ...
          typename T,
          typename OffsetT,
          typename LengthT>
void Test(DeviceInputIteratorT d_in,
          T *h_unique_reference,
          OffsetT *h_offsets_reference,
          LengthT *h_lengths_reference,
          int num_runs,
          int num_items)
{
  // Allocate device output arrays and number of segments
  T *d_unique_out        = NULL;
  OffsetT *d_lengths_out = NULL;
  int *d_num_runs        = NULL;

  CubDebugExit(g_allocator.DeviceAllocate((void **)&d_unique_out, sizeof(T) * num_items));
  CubDebugExit(g_allocator.DeviceAllocate((void **)&d_lengths_out, sizeof(LengthT) * num_items));
  CubDebugExit(g_allocator.DeviceAllocate((void **)&d_num_runs, sizeof(int)));

  // Allocate temporary storage
  void *d_temp_storage      = NULL;
// ...
                        d_temp_storage,
                        temp_storage_bytes,
                        d_in,
                        d_unique_out,
                        d_lengths_out,
                        d_num_runs,
                        num_items));
  CubDebugExit(g_allocator.DeviceAllocate(&d_temp_storage, temp_storage_bytes));

  // Clear device output arrays
  CubDebugExit(cudaMemset(d_unique_out, 0, sizeof(T) * num_items));
  CubDebugExit(cudaMemset(d_lengths_out, 0, sizeof(LengthT) * num_items));
  CubDebugExit(cudaMemset(d_num_runs, 0, sizeof(int)));

  // Run warmup/correctness iteration
  CubDebugExit(Dispatch(1,
                        d_temp_storage,
                        temp_storage_bytes,
                        d_in,
                        d_unique_out,
                        d_lengths_out,
// ...
    CubDebugExit(g_allocator.DeviceFree(d_in));
}

/**
 * Test on iterator type
 */
template <typename T, typename OffsetT, typename LengthT>
void TestIterator(int num_items)
{
  // Allocate host arrays
  T *h_unique_reference        = new T[num_items];
  OffsetT *h_offsets_reference = new OffsetT[num_items];
  LengthT *h_lengths_reference = new LengthT[num_items];

  T one_val = 1;
#if defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ >= 13)
  thrust::constant_iterator<T, int> h_in(one_val);
#else
  ConstantInputIterator<T, int> h_in(one_val);
#endif

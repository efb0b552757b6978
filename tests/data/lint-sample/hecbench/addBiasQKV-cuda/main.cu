// HeCBench addBiasQKV-cuda/main.cu, lines 6-58
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

#include <chrono>
#include <cstdio>
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

// scale = AMAX(tensor) / FP8_MAX
// A (original) = A_scaled (fp8) * "scale of A"

template<typename T1, typename T2>
struct FP8TrtAddQKVBiasParam {
    T1*          qkv_tgt;
    const T1*    qkv_src;
    const T2*    qkv_bias;
    const float* input_scale;
    const float* output_scale;
    const int    valid_word_num;
    const int    head_num;
    const int    size_per_head;
    const int    hidden_unit;
};

inline __device__ __nv_bfloat162 hmul2(__nv_bfloat162 x, __nv_bfloat162 y) {
  return __hmul2(x, y);
}
inline __device__ __nv_bfloat162 hadd2(__nv_bfloat162 x, __nv_bfloat162 y) {
  return __hadd2(x, y);
}

inline __device__ __nv_bfloat162 float_to_bfloat2(float val) {
  return __float2bfloat162_rn(val);
}

inline __device__ void fp8x4_e4m3_to_bfloat2(__nv_bfloat162* out1, __nv_bfloat162* out2, const __nv_fp8x4_e4m3* in)
{
  const char4 tmp_val = reinterpret_cast<const char4*>(in)[0];
  *out1 = __nv_bfloat162((float)reinterpret_cast<const __nv_fp8_e4m3*>(&tmp_val.x)[0],
                         (float)reinterpret_cast<const __nv_fp8_e4m3*>(&tmp_val.y)[0]);
  *out2 = __nv_bfloat162((float)reinterpret_cast<const __nv_fp8_e4m3*>(&tmp_val.z)[0],
                         (float)reinterpret_cast<const __nv_fp8_e4m3*>(&tmp_val.w)[0]);
}

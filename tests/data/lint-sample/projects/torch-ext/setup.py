import os
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension, CppExtension

nvcc_flags = ["-O3", "--use_fast_math", "-U__CUDA_NO_HALF_OPERATORS__", "--expt-relaxed-constexpr"]
if os.environ.get("SM90", "0") == "1":
    nvcc_flags += ["-gencode", "arch=compute_90a,code=sm_90a"]

setup(
    name="fused_ops",
    ext_modules=[
        CUDAExtension(
            name="fused_ops._C",
            sources=["csrc/ops.cpp", "csrc/layernorm_kernel.cu", "csrc/rope_kernel.cu"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": nvcc_flags},
        ),
        CUDAExtension(
            name="fused_ops._quant",
            sources=["csrc/quant.cpp", "csrc/quant_kernel.cu"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3", "-Xptxas=-v", "-lineinfo"]},
        ),
        CppExtension(name="fused_ops._cpu", sources=["csrc/cpu_ops.cpp"]),
    ],
    cmdclass={"build_ext": BuildExtension},
    install_requires=["torch>=2.1", "pynvml", "nvidia-cublas-cu12"],
)

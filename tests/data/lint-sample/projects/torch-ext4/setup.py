import sys
import torch
from setuptools import setup, find_packages
from torch.utils.cpp_extension import BuildExtension, CUDAExtension, CUDA_HOME

ext_modules = []
cmdclass = {}

if "--cuda_ext" in sys.argv:
    sys.argv.remove("--cuda_ext")
    cmdclass["build_ext"] = BuildExtension
    generator_flag = ["-DVERSION_GE_1_5"]
    ext_modules.append(
        CUDAExtension(name="amp_C",
                      sources=["csrc/amp_C_frontend.cpp", "csrc/multi_tensor_scale_kernel.cu",
                               "csrc/multi_tensor_axpby_kernel.cu", "csrc/multi_tensor_l2norm_kernel.cu"],
                      extra_compile_args={"cxx": ["-O3"] + generator_flag,
                                          "nvcc": ["-lineinfo", "-O3", "--use_fast_math"] + generator_flag}))
    ext_modules.append(
        CUDAExtension(name="syncbn",
                      sources=["csrc/syncbn.cpp", "csrc/welford.cu"],
                      extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3"]}))
    ext_modules.append(
        CUDAExtension(name="fused_layer_norm_cuda",
                      sources=["csrc/layer_norm_cuda.cpp", "csrc/layer_norm_cuda_kernel.cu"],
                      extra_compile_args={"cxx": ["-O3"], "nvcc": ["-maxrregcount=50", "-O3", "--use_fast_math"]}))
    ext_modules.append(
        CUDAExtension(name="mlp_cuda",
                      sources=["csrc/mlp.cpp", "csrc/mlp_cuda.cu"],
                      extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3"]}))
    ext_modules.append(
        CUDAExtension(name="fused_dense_cuda",
                      sources=["csrc/fused_dense.cpp", "csrc/fused_dense_cuda.cu"]))
    ext_modules.append(
        CUDAExtension(name="scaled_masked_softmax_cuda",
                      sources=["csrc/megatron/scaled_masked_softmax.cpp",
                               "csrc/megatron/scaled_masked_softmax_cuda.cu"],
                      extra_compile_args={"cxx": ["-O3"],
                                          "nvcc": ["-O3", "-U__CUDA_NO_HALF_OPERATORS__",
                                                   "--expt-relaxed-constexpr", "--expt-extended-lambda"]}))
    ext_modules.append(
        CUDAExtension(name="fused_weight_gradient_mlp_cuda",
                      sources=["csrc/megatron/fused_weight_gradient_dense.cpp",
                               "csrc/megatron/fused_weight_gradient_dense_cuda.cu"]))

if "--fast_multihead_attn" in sys.argv and torch.version.hip is None:
    sys.argv.remove("--fast_multihead_attn")
    # CUTLASS-based; CUDA only.
    ext_modules.append(
        CUDAExtension(name="fast_multihead_attn",
                      sources=["apex/contrib/csrc/multihead_attn/multihead_attn_frontend.cpp",
                               "apex/contrib/csrc/multihead_attn/self_multihead_attn_cuda.cu"],
                      extra_compile_args={"cxx": ["-O3"],
                                          "nvcc": ["-O3", "-gencode", "arch=compute_80,code=sm_80"]}))

if "--xentropy" in sys.argv:
    sys.argv.remove("--xentropy")
    ext_modules.append(
        CUDAExtension(name="xentropy_cuda",
                      sources=["apex/contrib/csrc/xentropy/interface.cpp",
                               "apex/contrib/csrc/xentropy/xentropy_kernel.cu"],
                      extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3"]}))
    ext_modules.append(
        CUDAExtension(name="focal_loss_cuda",
                      sources=["apex/contrib/csrc/focal_loss/focal_loss_cuda.cpp",
                               "apex/contrib/csrc/focal_loss/focal_loss_cuda_kernel.cu"],
                      extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3", "--use_fast_math", "--ftz=false"]}))

setup(name="apex", version="0.1", packages=find_packages(), ext_modules=ext_modules, cmdclass=cmdclass)

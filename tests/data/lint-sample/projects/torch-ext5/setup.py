from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

# hipify-ignore: HIP-W019
setup(
    name="roi_align",
    ext_modules=[
        CUDAExtension("roi_align._C", ["src/roi_align.cpp", "src/roi_align_kernel.cu"]),
    ],
    cmdclass={"build_ext": BuildExtension},
)

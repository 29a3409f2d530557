import torch
import gpytorch
from gpytorch.kernels import MaternKernel
import pandas as pd

dev = torch.device('cuda:0')

def frame_to_cuda(frame):
    return torch.from_numpy(frame.values).float().to(dev)

table = pd.read_csv("c:/data/mortdata.csv")

inputs_raw = table[["age", "yr"]]
inputs = frame_to_cuda(inputs_raw)  # lands on the GPU

outputs_stack = torch.empty(10,1015).cuda()
row = 0

for col in table.columns[3:]:
    series = table[col]
    outputs_stack[row] = torch.tensor(series).cuda()
    row += 1


base_kernels = [MaternKernel(nu=2.5, ard_num_dims=2),
                MaternKernel(nu=2.5, ard_num_dims=2),
                MaternKernel(nu=2.5, ard_num_dims=2),
                MaternKernel(nu=2.5, ard_num_dims=2)]

rank = 1  # how many copies of each kernel
# rank 1: latent factors come only from base_kernels
rank_extra = 0
n_out=10

class MortalityMultiGP(gpytorch.models.ExactGP):
    def __init__(self, inputs, outputs, lik, n_out, rank, kernels):
        super(MortalityMultiGP, self).__init__(inputs, outputs, lik)

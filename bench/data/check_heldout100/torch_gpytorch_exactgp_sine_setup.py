import math
import torch
import gpytorch


print(f"Before: {torch.cuda.memory_allocated()}")
# inputs: evenly spaced points on [0, 1]
xs = torch.linspace(0, 1, 100)
# targets: a noisy sine wave
ys = torch.sin(xs * (2 * math.pi)) + torch.randn(xs.size()) * 0.2
xs = xs.cuda()
ys = ys.cuda()

# plain exact-inference GP
class SineGP(gpytorch.models.ExactGP):
    def __init__(self, xs, ys, lik):
        super(SineGP, self).__init__(xs, ys, lik)
        self.mean_module = gpytorch.means.ConstantMean()
        self.covar_module = gpytorch.kernels.ScaleKernel(gpytorch.kernels.RBFKernel())
    
    def forward(self, x):
        mu = self.mean_module(x)
        cov = self.covar_module(x)
        return gpytorch.distributions.MultivariateNormal(mu, cov)

# build the likelihood and the GP
lik = gpytorch.likelihoods.GaussianLikelihood().cuda()
gp = SineGP(xs, ys, lik).cuda()

opt = torch.optim.SGD(gp.parameters(), lr=0.1)
objective = gpytorch.mlls.ExactMarginalLogLikelihood(lik, gp)
print(f"After setup: {torch.cuda.memory_allocated()}")

gp.train()
lik.train()

import torch
import numpy as np
from matplotlib import cm
import matplotlib.pyplot as plt
import pinn
from burger_model import Burger
# (a plotting style package was imported here)

n_pts = 2000
visc = 0.01/np.pi

net = pinn.Model(2,1,20,5)

xs = np.random.uniform(low=-1, high=1, size=(n_pts,))
ts = np.random.uniform(low=0, high=1, size=(n_pts,))

xs = torch.tensor(xs, requires_grad=True).float().view(-1,1)
# (an evenly spaced alternative for x)
ts = torch.tensor(ts, requires_grad=True).float().view(-1,1)
# (an evenly spaced alternative for t)

opt = torch.optim.Adam(net.parameters(), lr=1e-3)

u0_target = torch.sin(-xs*np.pi)

t_zero = torch.zeros(n_pts, requires_grad=True).view(-1,1)
x_left = -1*torch.ones(n_pts, requires_grad=True).view(-1,1)
x_right = torch.ones(n_pts, requires_grad=True).view(-1,1)

for it in range(10000):
    opt.zero_grad()

    w_ic, w_pde, w_bc = 1, 1, 1

    pts = torch.hstack([xs,ts])
    pts_ic = torch.hstack([xs, t_zero])
    pts_left = torch.hstack([x_left, ts])
    pts_right = torch.hstack([x_right, ts])

    u = net(pts)
    u_ic = net(pts_ic)
    u_left = net(pts_left)
    u_right = net(pts_right)

    bc_term = torch.mean((u_left)**2) + torch.mean((u_right)**2)

    ic_term = torch.mean((u_ic - u0_target)**2)

    '''

    residual: u_t + u*u_x - visc*u_xx, plus boundary terms

    the initial term pins u(x, 0) to the sine profile (averaged to a scalar)

    '''

    u_t = torch.autograd.grad(u, ts, torch.ones_like(u), create_graph=True, allow_unused=True)[0]

    u_x = torch.autograd.grad(u, xs, torch.ones_like(u), create_graph=True, allow_unused=True)[0]
    u_xx = torch.autograd.grad(u_x, xs, torch.ones_like(u), create_graph=True, allow_unused=True)[0]

    pde_term = torch.mean((u_t + u*u_x - visc*u_xx)**2)

    loss = w_ic*ic_term + w_pde*pde_term + w_bc*bc_term
    loss.backward(retain_graph=True) # kept as the author had it
    opt.step()
    if it % 250 == 0:
        print("step", it, loss)

n_side = 1001

xg, tg = torch.linspace(-1, 1, n_side), torch.linspace(0,1,n_side)

XG, TG = torch.meshgrid(xg, tg)

x_flat = XG.reshape(-1, 1)
t_flat = TG.reshape(-1, 1)

grid_pts = torch.hstack([x_flat,t_flat])

sol = net(grid_pts)
sol = sol.reshape(xg.numel(), tg.numel())

plt.figure(figsize=(10,4))
plt.contourf(TG, XG, sol.detach().numpy(), cmap=cm.jet, levels=300)
# (scatter of the left boundary points)
# (scatter of the right boundary points)
# (scatter of the initial points)
# (scatter of the collocation points)
plt.xlabel("t")
plt.ylabel("x")
plt.savefig("burgers_pinn.png", dpi=1000)




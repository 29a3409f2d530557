import numpy as np
import torch
import argparse
from tqdm import tqdm

from utils.data import load_data
from utils.others import set_seed
from utils.logger import Logger
from utils.viz import viz, error_plot_pinn
from model.model import FcNet


class ViscousBurgers(object):
    def __init__(self, path='burgers.mat'):
        self.data, self.domain, self.sol = load_data(path)
        self.input_dim = len(self.domain)
        self.params = {'nu': 0.01 / np.pi}

    def initial_term(self, pts):
        pts, tt = pts[:, 0][:, None], pts[:, 1][:, None]
        return -torch.sin(np.pi * pts)

    def boundary_term(self, pts):
        return torch.zeros((pts.shape[0], 1))

    def force_term(self, pts):
        return torch.zeros((pts.shape[0], 1))

    def residual(self, pts, net):
        nu = self.params['nu']
        xx, tt = pts[:, 0][:, None].requires_grad_(True), pts[:, 1][:, None].requires_grad_(True)
        uu = net(torch.cat((xx, tt), dim=1))
        du_dt = torch.autograd.grad(uu, tt, grad_outputs=torch.ones_like(uu), create_graph=True, retain_graph=True)[0]
        du_dx = torch.autograd.grad(uu, xx, grad_outputs=torch.ones_like(uu), create_graph=True, retain_graph=True)[0]
        d2u_dx2 = torch.autograd.grad(du_dx, xx, grad_outputs=torch.ones_like(du_dx), create_graph=True, retain_graph=True)[0]
        return du_dt + uu * du_dx - nu * d2u_dx2


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    # network
    ap.add_argument('--hidden_size', type=int, default=20, help='units per hidden layer')
    ap.add_argument('--depth', type=int, default=8, help='number of layers')
    ap.add_argument('--seed', type=int, default=0, help='rng seed')
    # physics-informed terms
    ap.add_argument('--n_i', type=int, default=100, help='initial-condition points')
    ap.add_argument('--lamb_i', type=float, default=1., help='weight on the initial term')
    ap.add_argument('--n_b', type=int, default=100, help='boundary points')
    ap.add_argument('--lamb_b', type=float, default=1., help='weight on the boundary term')
    ap.add_argument('--n_f', type=int, default=10000, help='collocation points for the residual')
    ap.add_argument('--lamb_f', type=float, default=1., help='weight on the residual term')
    ap.add_argument('--n_t', type=int, default=1000, help='test points')
    # optimiser
    ap.add_argument('--lr', type=float, default=1e-3, help='step size')
    ap.add_argument('--steps', type=int, default=20000, help='adam iterations')
    ap.add_argument('--steps_per_eval', type=int, default=1000, help='iterations between evaluations')
    # misc
    ap.add_argument('--device', type=str, default="cpu", help='cpu / cuda / cuda:{id}')
    ap.add_argument('--root_dir', type=str, default="logs", help='where logs go')

    opts = ap.parse_args()
    run_name = 'burgers'
    run_name += '_seed={}'.format(opts.seed)
    log = Logger(run_name, root_dir=opts.root_dir, with_timestamp=True)
    log.add_params(vars(opts))
    set_seed(opts.seed)
    dev = torch.device(opts.device)

    # equation
    eq = ViscousBurgers()

    # network
    net = FcNet(db=opts.hidden_size, depth=opts.depth, activation='tanh', dx=len(eq.domain), dy=1)
    net.to(dev)

    # sample points
    xi = np.random.random([opts.n_i, 1]) * 2 - 1.
    ti = np.zeros_like(xi)
    pts_i = torch.from_numpy(np.concatenate([xi, ti], axis=-1)).float().to(dev)
    target_i = eq.initial_term(pts_i).float().to(dev)

    xb = (np.random.random((opts.n_b, 1)) > 0.5) * 2 - 1.
    tb = np.random.random([opts.n_b, 1])
    pts_b = torch.from_numpy(np.concatenate([xb, tb], axis=-1)).float().to(dev)
    target_b = eq.boundary_term(pts_b).float().to(dev)

    xf = np.random.random([opts.n_f, 1]) * 2 - 1.
    tf_ = np.random.random([opts.n_f, 1])
    pts_f = torch.from_numpy(np.concatenate([xf, tf_], axis=-1)).float().to(dev)
    target_f = eq.force_term(pts_f).float().to(dev)

    pts_test = torch.from_numpy(eq.data[:, :-1]).float().to(dev)
    u_test = torch.from_numpy(eq.data[:, -1:]).float().to(dev)

    # optimiser
    opt = torch.optim.Adam(net.parameters(), lr=opts.lr)

    # loop
    for it in tqdm(range(1, opts.steps + 1)):
        with log.measure_time('adam'):
            net.train()
            opt.zero_grad()
            l_i = torch.mean((net(pts_i) - target_i) ** 2)
            log.add_metric('loss_i', l_i.item())
            l_b = torch.mean((net(pts_b) - target_b) ** 2)
            log.add_metric('loss_b', l_b.item())
            l_f = torch.mean((eq.residual(pts_f, net) - target_f) ** 2)
            log.add_metric('loss_f', l_f.item())
            total = opts.lamb_i * l_i + opts.lamb_b * l_b + opts.lamb_f * l_f
            log.add_metric('loss', total.item())
            total.backward()
            opt.step()
        if it % opts.steps_per_eval == 0:
            net.eval()
            guess = net(pts_test)
            rel_err = torch.norm(net(pts_test) - u_test, p=2) / torch.norm(u_test, p=2)
            log.add_metric('rel_l2_error', rel_err.item())
            log.commit(epoch=it // opts.steps_per_eval, step=it)

    grid, exact = eq.data[:, :-1], eq.sol
    grid = torch.from_numpy(grid).float().to(dev)
    guess = net(grid).detach().cpu().numpy().reshape(exact.shape)
    viz(u=exact.T, pred=guess.T, domain=eq.domain, path=log.logdir)
    error_plot_pinn(u=exact.T, pred=guess.T, domain=eq.domain, path=log.logdir)

"""
Fourier neural operator, 2D vorticity (Navier-Stokes) variant.
The network is stepped forward in time autoregressively:
it sees the last ten fields and predicts the next one, over and over.
"""

import torch.nn.functional as F
from mat_utils import *
from timeit import default_timer

# ------------------------------------------------------------
# figure helpers (PNG/PDF/SVG)
# ------------------------------------------------------------
import os
from plot_helpers import (
    CurveData,
    draw_time_slices,
    draw_error_hist,
    draw_curve,
    draw_rel_err_vs_time,
    rel_err,
)

torch.manual_seed(0)
np.random.seed(0)

################################################################
# spectral layer
################################################################

class FourierMix2d(nn.Module):
    def __init__(self, c_in, c_out, k1, k2):
        super(FourierMix2d, self).__init__()

        """
        Spectral convolution: forward FFT, mix the kept modes, inverse FFT.    
        """

        self.c_in = c_in
        self.c_out = c_out
        self.k1 = k1 #how many low modes are kept, never above floor(N/2) + 1
        self.k2 = k2

        self.init_scale = (1 / (c_in * c_out))
        self.wA = nn.Parameter(self.init_scale * torch.rand(c_in, c_out, self.k1, self.k2, dtype=torch.cfloat))
        self.wB = nn.Parameter(self.init_scale * torch.rand(c_in, c_out, self.k1, self.k2, dtype=torch.cfloat))

    # complex mode mixing
    def mode_mix(self, coeffs, w):
        # (batch, c_in, x,y ), (c_in, c_out, x,y) -> (batch, c_out, x,y)
        return torch.einsum("bixy,ioxy->boxy", coeffs, w)

    def forward(self, x):
        nb = x.shape[0]
        #spectral coefficients of the input
        coeffs = torch.fft.rfft2(x)

        # only the low modes get weights
        mixed = torch.zeros(nb, self.c_out,  x.size(-2), x.size(-1)//2 + 1, dtype=torch.cfloat, device=x.device)
        mixed[:, :, :self.k1, :self.k2] = \
            self.mode_mix(coeffs[:, :, :self.k1, :self.k2], self.wA)
        mixed[:, :, -self.k1:, :self.k2] = \
            self.mode_mix(coeffs[:, :, -self.k1:, :self.k2], self.wB)

        #back to the grid
        x = torch.fft.irfft2(mixed, s=(x.size(-2), x.size(-1)))
        return x

class PointMLP(nn.Module):
    def __init__(self, c_in, c_out, c_mid):
        super(PointMLP, self).__init__()
        self.fc_a = nn.Conv2d(c_in, c_mid, 1)
        self.fc_b = nn.Conv2d(c_mid, c_out, 1)

    def forward(self, x):
        x = self.fc_a(x)
        x = F.gelu(x)
        x = self.fc_b(x)
        return x

class FNO2d(nn.Module):
    def __init__(self, k1, k2, width):
        super(FNO2d, self).__init__()

        """
        Four spectral blocks between a lifting and a projection.
        1. lift the 12 input channels to `width` with self.lift .
        2. four blocks u' = (W + K)(u),
            W is self.skipN and K is self.specN .
        3. project back to one channel with self.proj .
        
        input: ten past vorticity fields plus the two grid coordinates
        input shape: (batchsize, x=64, y=64, c=12)
        output: the next field
        output shape: (batchsize, x=64, y=64, c=1)
        """

        self.k1 = k1
        self.k2 = k2
        self.width = width
        self.pad = 8 # only used when the domain is not periodic

        self.lift = nn.Linear(12, self.width) # 12 = ten past fields + (x, y)
        self.spec0 = FourierMix2d(self.width, self.width, self.k1, self.k2)
        self.spec1 = FourierMix2d(self.width, self.width, self.k1, self.k2)
        self.spec2 = FourierMix2d(self.width, self.width, self.k1, self.k2)
        self.spec3 = FourierMix2d(self.width, self.width, self.k1, self.k2)
        self.mlp0 = PointMLP(self.width, self.width, self.width)
        self.mlp1 = PointMLP(self.width, self.width, self.width)
        self.mlp2 = PointMLP(self.width, self.width, self.width)
        self.mlp3 = PointMLP(self.width, self.width, self.width)
        self.skip0 = nn.Conv2d(self.width, self.width, 1)
        self.skip1 = nn.Conv2d(self.width, self.width, 1)
        self.skip2 = nn.Conv2d(self.width, self.width, 1)
        self.skip3 = nn.Conv2d(self.width, self.width, 1)
        self.inorm = nn.InstanceNorm2d(self.width)
        self.proj = PointMLP(self.width, 1, self.width * 4) # one output channel: the field

    def forward(self, x):
        coords = self.make_coords(x.shape, x.device)
        x = torch.cat((x, coords), dim=-1)
        x = self.lift(x)
        x = x.permute(0, 3, 1, 2)
        # x = F.pad(x, [0,self.pad, 0,self.pad]) # non-periodic domains only

        h1 = self.inorm(self.spec0(self.inorm(x)))
        h1 = self.mlp0(h1)
        h2 = self.skip0(x)
        x = h1 + h2
        x = F.gelu(x)

        h1 = self.inorm(self.spec1(self.inorm(x)))
        h1 = self.mlp1(h1)
        h2 = self.skip1(x)
        x = h1 + h2
        x = F.gelu(x)

        h1 = self.inorm(self.spec2(self.inorm(x)))
        h1 = self.mlp2(h1)
        h2 = self.skip2(x)
        x = h1 + h2
        x = F.gelu(x)

        h1 = self.inorm(self.spec3(self.inorm(x)))
        h1 = self.mlp3(h1)
        h2 = self.skip3(x)
        x = h1 + h2

        # x = x[..., :-self.pad, :-self.pad] # non-periodic domains only
        x = self.proj(x)
        x = x.permute(0, 2, 3, 1)
        return x

    def make_coords(self, shape, device):
        nb, nx, ny = shape[0], shape[1], shape[2]
        cx = torch.tensor(np.linspace(0, 1, nx), dtype=torch.float)
        cx = cx.reshape(1, nx, 1, 1).repeat([nb, 1, ny, 1])
        cy = torch.tensor(np.linspace(0, 1, ny), dtype=torch.float)
        cy = cy.reshape(1, 1, ny, 1).repeat([nb, nx, 1, 1])
        return torch.cat((cx, cy), dim=-1).to(device)

################################################################
# settings
################################################################

TRAIN_FILE = 'data/ns_data_V100_N1000_T50_1.mat'
TEST_FILE = 'data/ns_data_V100_N1000_T50_2.mat'

n_train = 1000
n_test = 200

modes = 12
width = 20

batch_size = 20
learning_rate = 0.001
epochs = 500
total_iters = epochs*(n_train//batch_size)

tag = 'ns_fno2d_time_N'+str(n_train)+'_ep' + str(epochs) + '_m' + str(modes) + '_w' + str(width)
model_file = 'model/'+tag
train_err_file = 'results/'+tag+'train.txt'
test_err_file = 'results/'+tag+'test.txt'
fig_dir_base = 'image/'+tag

# --- plotting bookkeeping
fig_dir = fig_dir_base
os.makedirs(fig_dir, exist_ok=True)
log_epochs: list[int] = []
log_train_step: list[float] = []
log_train_full: list[float] = []
log_test_step: list[float] = []
log_test_full: list[float] = []

stride = 1
S = 64
T_in = 10
T = 40 # 40 steps for V1e-3; 20 for V1e-4; 10 for V1e-5;
step = 1

################################################################
# read the .mat files
################################################################

mat = MatFileReader(TRAIN_FILE)
train_in = mat.read_field('u')[:n_train,::stride,::stride,:T_in]
train_out = mat.read_field('u')[:n_train,::stride,::stride,T_in:T+T_in]

mat = MatFileReader(TEST_FILE)
test_in = mat.read_field('u')[-n_test:,::stride,::stride,:T_in]
test_out = mat.read_field('u')[-n_test:,::stride,::stride,T_in:T+T_in]

print(train_out.shape)
print(test_out.shape)
assert (S == train_out.shape[-2])
assert (T == train_out.shape[-1])

train_in = train_in.reshape(n_train,S,S,T_in)
test_in = test_in.reshape(n_test,S,S,T_in)

train_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(train_in, train_out), batch_size=batch_size, shuffle=True)
test_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(test_in, test_out), batch_size=batch_size, shuffle=False)

################################################################
# optimisation and testing
################################################################
net = FNO2d(modes, modes, width).cuda()
print(n_params(net))
opt = torch.optim.Adam(net.parameters(), lr=learning_rate, weight_decay=1e-4)
sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=total_iters)

rel_loss = RelLpLoss(size_average=False)
for ep in range(epochs):
    net.train()
    t_start = default_timer()
    tr_step_err = 0
    tr_full_err = 0
    for xx, yy in train_loader:
        loss = 0
        xx = xx.to(device)
        yy = yy.to(device)

        for t in range(0, T, step):
            target = yy[..., t:t + step]
            nxt = net(xx)
            loss += rel_loss(nxt.reshape(batch_size, -1), target.reshape(batch_size, -1))

            if t == 0:
                rollout = nxt
            else:
                rollout = torch.cat((rollout, nxt), -1)

            xx = torch.cat((xx[..., step:], nxt), dim=-1)

        tr_step_err += loss.item()
        full_err = rel_loss(rollout.reshape(batch_size, -1), yy.reshape(batch_size, -1))
        tr_full_err += full_err.item()

        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()

    te_step_err = 0
    te_full_err = 0
    with torch.no_grad():
        for xx, yy in test_loader:
            loss = 0
            xx = xx.to(device)
            yy = yy.to(device)

            for t in range(0, T, step):
                target = yy[..., t:t + step]
                nxt = net(xx)
                loss += rel_loss(nxt.reshape(batch_size, -1), target.reshape(batch_size, -1))

                if t == 0:
                    rollout = nxt
                else:
                    rollout = torch.cat((rollout, nxt), -1)

                xx = torch.cat((xx[..., step:], nxt), dim=-1)

            te_step_err += loss.item()
            te_full_err += rel_loss(rollout.reshape(batch_size, -1), yy.reshape(batch_size, -1)).item()

    t_end = default_timer()
    print(ep, t_end - t_start, tr_step_err / n_train / (T / step), tr_full_err / n_train, te_step_err / n_test / (T / step),
          te_full_err / n_test)

    # keep the curves for the figures
    log_epochs.append(ep)
    log_train_step.append(tr_step_err / n_train / (T / step))
    log_train_full.append(tr_full_err / n_train)
    log_test_step.append(te_step_err / n_test / (T / step))
    log_test_full.append(te_full_err / n_test)
# torch.save(net, model_file)

# ------------------------------------------------------------
# learning curves and a few example rollouts
# ------------------------------------------------------------
try:
    draw_curve(
        CurveData(
            epochs=log_epochs,
            train=log_train_step,
            test=log_test_step,
            train_label="train (per-step rel. L2)",
            test_label="test (per-step rel. L2)",
            metric_name="relative L2",
        ),
        out_path_no_ext=os.path.join(fig_dir, "curve_step_rel_l2"),
        logy=True,
        title="fno 2d time: per-step relative L2",
    )
    draw_curve(
        CurveData(
            epochs=log_epochs,
            train=log_train_full,
            test=log_test_full,
            train_label="train (rollout rel. L2)",
            test_label="test (rollout rel. L2)",
            metric_name="relative L2",
        ),
        out_path_no_ext=os.path.join(fig_dir, "curve_rollout_rel_l2"),
        logy=True,
        title="fno 2d time: whole-rollout relative L2",
    )

    def _rollout(x0: torch.Tensor) -> torch.Tensor:
        """Step the network T times from x0, returning (batch, S, S, T)."""
        xx = x0.to(device)
        steps = []
        for _t in range(0, T, step):
            nxt = net(xx)
            steps.append(nxt)
            xx = torch.cat((xx[..., step:], nxt), dim=-1)
        return torch.cat(steps, dim=-1)

    net.eval()
    # example figures for a handful of test cases
    picks = [0, min(1, n_test - 1), min(2, n_test - 1)]
    t_show = [0, T // 2, T - 1]
    with torch.no_grad():
        for i in picks:
            ref_i = test_out[i].cpu()
            est_i = _rollout(test_in[i : i + 1]).squeeze(0).cpu()
            err_i = rel_err(est_i, ref_i)
            draw_time_slices(
                gt=ref_i,
                pred=est_i,
                t_indices=t_show,
                out_path_no_ext=os.path.join(fig_dir, f"case_{i:03d}_slices"),
                suptitle=f"case {i}  rollout rel. L2={err_i:.3g}",
            )
            draw_rel_err_vs_time(
                gt=ref_i,
                pred=est_i,
                out_path_no_ext=os.path.join(fig_dir, f"case_{i:03d}_rel_l2_vs_t"),
            )

    # histogram of rollout errors over the first test cases (keeps it quick)
    n_hist = min(n_test, 50)
    case_errs = []
    with torch.no_grad():
        for i in range(n_hist):
            est_i = _rollout(test_in[i : i + 1]).squeeze(0).cpu()
            case_errs.append(rel_err(est_i, test_out[i].cpu()))
    draw_error_hist(
        case_errs,
        os.path.join(fig_dir, f"test_rollout_rel_l2_hist_first{n_hist}"),
        title=f"rollout rel. L2 histogram (first {n_hist} test cases)",
    )
except Exception as e:
    print(f"[figures] skipped: {e}")

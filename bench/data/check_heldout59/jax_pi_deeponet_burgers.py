import jax
import jax.numpy as jnp
from torch.utils import data
from functools import partial
import tqdm
import time
import optax
import scipy.io
import os
import argparse
import matplotlib.pyplot as plt
import shutil
import orbax.checkpoint as ocp

from models import setup_deeponet, mse, mse_single, apply_net, step


# random batch sampler
class RowSampler(data.Dataset):
    def __init__(self, u, y, s, batch_size, rng):
        self.u = u
        self.y = y
        self.s = s
        self.N = u.shape[0]
        self.batch_size = batch_size
        self.key = rng

    def __getitem__(self, index):
        """Draw one random batch"""
        self.key, subkey = jax.random.split(self.key)
        inputs, outputs = self.__data_generation(subkey)
        return inputs, outputs

    @partial(jax.jit, static_argnums=(0,))
    def __data_generation(self, key_i):
        """Sample batch_size rows without replacement"""
        idx = jax.random.choice(key_i, self.N, (self.batch_size,), replace=False)
        s = self.s[idx, :]
        y = self.y[idx, :]
        u = self.u[idx, :]
        # pack the batch
        inputs = (u, y)
        outputs = s
        return inputs, outputs


# initial-condition points for one function
def ic_points_for(u0, p=101):
    t_0 = jnp.zeros((p, 1))
    x_0 = jnp.linspace(0, 1, p)[:, None]

    y = jnp.hstack([t_0, x_0])
    u = jnp.tile(u0, (p, 1))
    s = u0

    return u, y, s


# periodic-boundary points for one function
def bc_points_for(u0, p=100):
    t_bc = jnp.linspace(0, 1, p)[:, None]
    x_bc1 = jnp.zeros((p, 1))
    x_bc2 = jnp.ones((p, 1))

    y1 = jnp.hstack([t_bc, x_bc1])  # (P, 2)
    y2 = jnp.hstack([t_bc, x_bc2])  # (P, 2)

    u = jnp.tile(u0, (p, 1))
    y = jnp.hstack([y1, y2])  # (P, 4)
    s = jnp.zeros((p, 1))

    return u, y, s


# collocation points for one function
def colloc_points_for(u0, p=1000):
    side = jnp.sqrt(p).astype(jnp.int32) # side of the square grid
    t_res_i = jnp.linspace(0, 1, side)
    x_res_i = jnp.linspace(0, 1, side)

    t_res, x_res = jnp.meshgrid(t_res_i, x_res_i)

    u = jnp.tile(u0, (p, 1))
    y = jnp.hstack([t_res.flatten()[:, None], x_res.flatten()[:, None]])
    s = jnp.zeros((p, 1))

    return u, y, s


# evaluation points and targets for one function
def eval_points_for(usol, idx, p_test=101):

    u = usol[idx]
    u0 = u[0, :]

    t = jnp.linspace(0, 1, p_test)
    x = jnp.linspace(0, 1, p_test)
    t_mesh, x_mesh = jnp.meshgrid(t, x)

    s = u.T.flatten()
    u = jnp.tile(u0, (p_test ** 2, 1))
    y = jnp.hstack([t_mesh.flatten()[:, None], x_mesh.flatten()[:, None]])

    return u, y, s


# derivative of the output in x
def ds_dx(model_fn, params, u, t, x):
    v_x = jnp.ones(x.shape)
    s_x = jax.vjp(lambda x: apply_net(model_fn, params, u, t, x), x)[1](v_x)[0]
    return s_x


def ic_term(model_fn, params, ic_b):
    inputs, outputs = ic_b
    u, y = inputs

    # network output
    t = y[:, 0]
    x = y[:, 1]
    s_pred = apply_net(model_fn, params, u, t, x)

    # mean squared misfit
    ic_mse = mse(outputs.flatten(), s_pred)
    return ic_mse


def bc_term(model_fn, params, bc_b):
    # unpack the batch
    inputs, _ = bc_b
    u, y = inputs

    # network output
    left_pred = apply_net(model_fn, params, u, y[:, 0], y[:, 1])
    right_pred = apply_net(model_fn, params, u, y[:, 2], y[:, 3])

    left_dx = ds_dx(model_fn, params, u, y[:, 0], y[:, 1])
    right_dx = ds_dx(model_fn, params, u, y[:, 2], y[:, 3])

    # mean squared misfit

    bc_val_mse = mse(left_pred, right_pred)
    bc_der_mse = mse(left_dx, right_dx)

    return bc_val_mse + bc_der_mse


# physics residual term
def pde_term(model_fn, params, batch):
    # unpack the batch
    inputs, _ = batch
    u, y = inputs
    # network output
    t = y[:, 0]
    x = y[:, 1]

    # Burgers residual
    s = apply_net(model_fn, params, u, t, x)
    v_x = jnp.ones(x.shape)
    v_t = jnp.ones(t.shape)

    s_t = jax.vjp(lambda t: apply_net(model_fn, params, u, t, x), t)[1](v_t)[0]
    s_x = jax.vjp(lambda x: apply_net(model_fn, params, u, t, x), x)[1](v_x)[0]
    s_xx = jax.jvp(lambda x: jax.vjp(lambda x: apply_net(model_fn, params, u, t, x), x)[1](v_x)[0], (x,), (v_x,))[1]

    pred = s_t + s * s_x - 0.01 * s_xx
    # mean squared misfit
    loss = mse_single(pred)
    return loss


def objective(model_fn, params, ic_b, bc_b, res_b):
    ic_i = ic_term(model_fn, params, ic_b)
    bc_i = bc_term(model_fn, params, bc_b)
    res_i = pde_term(model_fn, params, res_b)
    total = 20.0 * ic_i + bc_i + res_i
    return total


def rel_l2(model_fn, params, sol_bank, idx, p_err=101, return_data=False):
    u_test, y_test, s_test = eval_points_for(sol_bank, idx, p_err)

    t_test = y_test[:, 0]
    x_test = y_test[:, 1]

    s_pred = apply_net(model_fn, params, u_test, t_test, x_test)
    error = jnp.linalg.norm(s_test - s_pred) / jnp.linalg.norm(s_test)

    if return_data:
        return error, s_pred
    else:
        return error


def plot_case(args, model_fn, params, out_dir, epoch, usol, idx, test=False):
    # prediction and error for one function
    error_s, s_pred = rel_l2(model_fn, params, usol, idx, args.p_test, return_data=True)

    u = usol[idx].T

    t = jnp.linspace(0, 1, args.p_test)
    x = jnp.linspace(0, 1, args.p_test)

    # back to the grid
    s_pred = s_pred.reshape(t.shape[0], x.shape[0])

    fig = plt.figure(figsize=(18, 5))
    plt.subplot(1, 3, 1)
    plt.imshow(u, interpolation="nearest", vmin=jnp.amin(u), vmax=jnp.amax(u),
               extent=[t.min(), t.max(), x.max(), x.min()],
               origin='upper', aspect='auto', cmap='viridis')
    plt.xlabel('t')
    plt.ylabel('x')
    plt.title('reference')
    plt.colorbar()
    plt.tight_layout()

    plt.subplot(1, 3, 2)
    plt.imshow(s_pred, interpolation="nearest", vmin=jnp.amin(u), vmax=jnp.amax(u),
               extent=[t.min(), t.max(), x.max(), x.min()],
               origin='upper', aspect='auto', cmap='viridis')
    plt.xlabel('t')
    plt.ylabel('x')
    plt.title('network')
    plt.colorbar()
    plt.tight_layout()

    u_diff = u-s_pred
    plt.subplot(1, 3, 3)
    plt.imshow(u_diff, interpolation="nearest", vmin=-abs(u_diff).max(), vmax=abs(u_diff).max(),
               extent=[t.min(), t.max(), x.max(), x.min()],
               origin='upper', aspect='auto', cmap='seismic')
    plt.xlabel('t')
    plt.ylabel('x')
    plt.title('difference')
    plt.colorbar()

    if test:
        plt.suptitle(f'test, L2: {error_s:.3e}')
    else:
        plt.suptitle(f'train, L2: {error_s:.3e}')
    plt.tight_layout()
    plot_dir = os.path.join(out_dir, f'vis/{epoch:06d}/{idx}/')
    if not os.path.exists(plot_dir):
        os.makedirs(plot_dir)
    plt.savefig(os.path.join(os.path.join(out_dir, plot_dir), 'pred.png'))
    plt.close(fig)


def run(args):
    if args.separable:
        raise ValueError('this script trains the plain DeepONet; drop --separable')
    # build the training samples
    # read the reference solutions
    path = os.path.join(os.getcwd(), 'data/burgers/Burger.mat')  # produced by the matlab generator

    mat = scipy.io.loadmat(path)
    sol_bank = jnp.array(mat['output'])

    n_all = sol_bank.shape[0]  # how many functions in the file
    n_test = n_all - args.n_train  # functions left for testing
    if n_test < args.n_test:
        raise ValueError('too few functions left for testing: lower n_test'
                         ' or change n_train.')

    u0_fit = sol_bank[:args.n_train, 0, :]  # initial conditions of the training functions

    # one key per sampler plus model init
    seed = args.seed
    key = jax.random.PRNGKey(seed)
    keys = jax.random.split(key, 6)

    # initial-condition samples
    br_ic, xy_ic, tg_ic = (jax.vmap(ic_points_for,
                                                      in_axes=(0, None))
                                             (u0_fit, args.p_ics_train))
    br_ic = br_ic.reshape(args.n_train * args.p_ics_train, -1)
    xy_ic = xy_ic.reshape(args.n_train * args.p_ics_train, -1)
    tg_ic = tg_ic.reshape(args.n_train * args.p_ics_train, -1)

    # boundary samples
    br_bc, xy_bc, tg_bc = (jax.vmap(bc_points_for,
                                                      in_axes=(0, None))
                                             (u0_fit, args.p_bcs_train))

    br_bc = br_bc.reshape(args.n_train * args.p_bcs_train, -1)
    xy_bc = xy_bc.reshape(args.n_train * args.p_bcs_train, -1)
    tg_bc = tg_bc.reshape(args.n_train * args.p_bcs_train, -1)

    # collocation samples
    br_res, xy_res, tg_res = (jax.vmap(colloc_points_for,
                                                      in_axes=(0, None))
                                             (u0_fit, args.p_res_train))

    br_res = br_res.reshape(args.n_train * args.p_res_train, -1)
    xy_res = xy_res.reshape(args.n_train * args.p_res_train, -1)
    tg_res = tg_res.reshape(args.n_train * args.p_res_train, -1)

    # samplers
    ic_sampler = RowSampler(br_ic, xy_ic, tg_ic, args.batch_size, keys[0])
    bc_sampler = RowSampler(br_bc, xy_bc, tg_bc, args.batch_size, keys[1])
    res_sampler = RowSampler(br_res, xy_res, tg_res, args.batch_size, keys[2])

    # held-out functions
    held_range = jnp.arange(args.n_train, sol_bank.shape[0])
    held_idx = jax.random.choice(keys[3], held_range, (args.n_test,), replace=False)
    held_chunks = jnp.split(held_idx, 10)

    # network and params
    args, model, model_fn, params = setup_deeponet(args, keys[4])

    # optimiser
    # adam with a schedule
    if args.lr_scheduler == 'exponential_decay':
        sched = optax.exponential_decay(args.lr, args.lr_schedule_steps, args.lr_decay_rate)
    elif args.lr_scheduler == 'constant':
        sched = optax.constant_schedule(args.lr)
    else:
        raise ValueError(f"unknown schedule {args.lr_scheduler}.")
    optimizer = optax.adam(learning_rate=sched)
    opt_st = optimizer.init(params)

    # endless batch iterators
    ic_iter = iter(ic_sampler)
    bc_iter = iter(bc_sampler)
    res_iter = iter(res_sampler)

    # output folder for this run
    out_dir = os.path.join(os.getcwd(), os.path.join(args.result_dir, f'{time.strftime("%Y%m%d-%H%M%S")}'))
    log_path = os.path.join(out_dir, 'log.csv')
    # make folders
    if not os.path.exists(out_dir):
        os.makedirs(out_dir)
    if os.path.exists(os.path.join(out_dir, 'vis')):
        shutil.rmtree(os.path.join(out_dir, 'vis'))
    if os.path.exists(log_path):
        os.remove(log_path)

    # checkpoint manager
    if args.checkpoint_iter > 0:
        options = ocp.CheckpointManagerOptions(max_to_keep=args.checkpoints_to_keep,
                                               save_interval_steps=args.checkpoint_iter,
                                               save_on_steps=[args.epochs]  # and always at the final step
                                               )
        ckpt_mgr = ocp.CheckpointManager(
            os.path.join(out_dir, 'ckpt'), options=options, item_names=('metadata', 'params')
        )

    # resume from a previous run
    if args.checkpoint_path is not None:
        # read the latest step
        load_mgr = ocp.CheckpointManager(args.checkpoint_path, item_names=('metadata', 'params'))
        ckpt = load_mgr.restore(
            load_mgr.latest_step(),
            args=ocp.args.Composite(
                metadata=ocp.args.JsonRestore(),
                params=ocp.args.StandardRestore(params),
            ),
        )
        # take the weights
        params = ckpt.params
        step_offset = ckpt.metadata['total_iterations']  # continue the step count
    else:
        step_offset = 0

    # write the run settings
    with open(os.path.join(out_dir, 'args.txt'), 'w') as f:
        for arg in vars(args):
            f.write(f'{arg}: {getattr(args, arg)}\n')

    with open(log_path, 'a') as f:
        f.write('epoch,loss,l_ic,l_bc,l_res,mean_err,runtime\n')

    # cases to plot
    show_tr = jax.random.randint(keys[5], shape=(1,), minval=0, maxval=args.n_train)[0]  # which sample
    show_te = held_idx[0]  # which sample

    # optional per-function error file
    if args.save_pred:
        err_path = os.path.join(out_dir, 'individual_error.csv')
        # column names
        head_line = "epoch,"
        for idx in held_idx:
            head_line += f"err_idx_{idx},"

        # write the run settings
        with open(err_path, 'a') as f:
            f.write(head_line + '\n')

    # plots before training
    if args.vis_iter > 0:
        # plot a training case
        plot_case(args, model_fn, params, out_dir, step_offset, sol_bank, show_tr, False)
        # plot a held-out case
        plot_case(args, model_fn, params, out_dir, step_offset, sol_bank, show_te, True)

    # progress bar
    bar = tqdm.trange(args.epochs)

    # main loop
    for it in bar:

        if it == 1:
            # time from step 1 on so compilation is not counted
            start = time.time()

        # unpack the batch
        ic_b = next(ic_iter)
        bc_b = next(bc_iter)
        res_b = next(res_iter)

        # one optimiser update
        loss, params, opt_st = step(optimizer, objective, model_fn, opt_st,
                                       params, ic_b, bc_b, res_b)

        if it % args.log_iter == 0:
            # loss terms for the log
            loss = objective(model_fn, params, ic_b, bc_b, res_b)
            l_ic = ic_term(model_fn, params, ic_b)
            l_bc = bc_term(model_fn, params, bc_b)
            l_res = pde_term(model_fn, params, res_b)

            # held-out relative error, ten chunks at a time
            errs = []
            for chunk in held_chunks:
                errs.append(jax.vmap(rel_l2, in_axes=(None, None, None, 0, None))(model_fn, params, sol_bank,
                                                                                       chunk, args.p_test))
            errs = jnp.array(errs).flatten()
            mean_err = jnp.mean(errs)

            if args.save_pred:
                pred_dir = os.path.join(out_dir, f'pred/{it + 1 + step_offset}/')
                if not os.path.exists(pred_dir):
                    os.makedirs(pred_dir)
                err = f"{it + 1 + step_offset},"
                for idx in held_idx:
                    err_i, s_pred = rel_l2(model_fn, params, sol_bank, idx, args.p_test, return_data=True)
                    err += f"{err_i},"
                    jnp.save(os.path.join(pred_dir, f'pred_{idx}.npy'), s_pred)
                with open(err_path, 'a') as f:
                    f.write(err + '\n')

            # progress bar text
            bar.set_postfix({'l': f'{loss:.2e}',
                              'l_ic': f'{l_ic:.2e}',
                              'l_bc': f'{l_bc:.2e}',
                              'l_r': f'{l_res:.2e}',
                              'e': f'{mean_err:.2e}'})

            # elapsed time
            if it == 0:
                runtime = 0
            else:
                runtime = time.time() - start

            # append to the log
            with open(log_path, 'a') as f:
                f.write(f'{it+1+step_offset}, {loss}, {l_ic}, '
                        f'{l_bc}, {l_res}, {mean_err}, {runtime}\n')

        # periodic plots
        if args.vis_iter > 0:
            if (it + 1) % args.vis_iter == 0:
                # plot a training case
                plot_case(args, model_fn, params, out_dir, it+1+step_offset, sol_bank, show_tr, False)
                # plot a held-out case
                plot_case(args, model_fn, params, out_dir, it+1+step_offset, sol_bank, show_te, True)

        # checkpoint
        ckpt_mgr.save(
            it+1+step_offset,
            args=ocp.args.Composite(
                params=ocp.args.StandardSave(params),
                metadata=ocp.args.JsonSave({'total_iterations': it+1}),
            ),
        )

    # append to the log
    runtime = time.time() - start

    ckpt_mgr.wait_until_finished()

    # loss terms for the log
    loss = objective(model_fn, params, ic_b, bc_b, res_b)
    l_ic = ic_term(model_fn, params, ic_b)
    l_bc = bc_term(model_fn, params, bc_b)
    l_res = pde_term(model_fn, params, res_b)

    # held-out relative error, ten chunks at a time
    errs = []
    for chunk in held_chunks:
        errs.append(jax.vmap(rel_l2, in_axes=(None, None, None, 0, None))(model_fn, params, sol_bank,
                                                                               chunk, args.p_test))
    errs = jnp.array(errs).flatten()
    mean_err = jnp.mean(errs)

    with open(log_path, 'a') as f:
        f.write(f'{it + 1 + step_offset}, {loss}, {l_ic}, '
                f'{l_bc}, {l_res}, {mean_err}, {runtime}\n')

    if args.save_pred:
        pred_dir = os.path.join(out_dir, f'pred/{it + 1 + step_offset}/')
        if not os.path.exists(pred_dir):
            os.makedirs(pred_dir)
        err = f"{it + 1 + step_offset},"
        for idx in held_idx:
            err_i, s_pred = rel_l2(model_fn, params, sol_bank, idx, args.p_test, return_data=True)
            err += f"{err_i},"
            jnp.save(os.path.join(pred_dir, f'pred_{idx}.npy'), s_pred)
        with open(err_path, 'a') as f:
            f.write(err + '\n')


if __name__ == "__main__":
    # command line
    parser = argparse.ArgumentParser()

    # network options
    parser.add_argument('--num_outputs', type=int, default=1, help='output channels')
    parser.add_argument('--hidden_dim', type=int, default=100,
                        help='width p of the shared latent layer')
    parser.add_argument('--stacked_deeponet', dest='stacked_do', default=False, action='store_true',
                        help='stacked variant instead of unstacked')
    parser.add_argument('--separable', dest='separable', default=False, action='store_true',
                        help='separable variant')
    parser.add_argument('--r', type=int, default=0, help='rank r for the separable variant')

    # branch options
    parser.add_argument('--branch_layers', type=int, nargs="+", default=[100, 100, 100, 100, 100, 100],
                        help='branch widths')
    parser.add_argument('--n_sensors', type=int, default=101,
                        help='sensor count m')
    parser.add_argument('--branch_input_features', type=int, default=1,
                        help='features per sensor')
    parser.add_argument('--split_branch', dest='split_branch', default=False, action='store_true',
                        help='split the branch per output')

    # trunk options
    parser.add_argument('--trunk_layers', type=int, nargs="+", default=[100, 100, 100, 100, 100, 100],
                        help='trunk widths')
    parser.add_argument('--trunk_input_features', type=int, default=2,
                        help='trunk input size')
    parser.add_argument('--split_trunk', dest='split_trunk', default=False, action='store_true',
                        help='split the trunk per output')

    # optimisation options
    parser.add_argument('--seed', type=int, default=1337, help='seed')
    parser.add_argument('--lr', type=float, default=1e-3, help='step size')
    parser.add_argument('--epochs', type=int, default=50000, help='number of steps')
    parser.add_argument('--lr_scheduler', type=str, default='exponential_decay',
                        choices=['constant', 'exponential_decay'], help='schedule type')
    parser.add_argument('--lr_schedule_steps', type=int, default=1000, help='steps per decay')
    parser.add_argument('--lr_decay_rate', type=float, default=0.95, help='decay factor')

    # output location
    parser.add_argument('--result_dir', type=str, default='runs/burgers_plain/',
                        help='output folder under cwd')

    # logging options
    parser.add_argument('--log_iter', type=int, default=100, help='log every n steps')
    parser.add_argument('--save_pred', dest='save_pred', default=False, action='store_true',
                        help='also store predictions')
    parser.add_argument('--vis_iter', type=int, default=10000, help='plot every n steps')

    # data options
    parser.add_argument('--n_train', type=int, default=1000,
                        help='training functions')
    parser.add_argument('--n_test', type=int, default=1000, help='test functions')
    parser.add_argument('--p_ics_train', type=int, default=101,
                        help='points on the initial line')
    parser.add_argument('--p_bcs_train', type=int, default=100,
                        help='points per boundary')
    parser.add_argument('--p_res_train', type=int, default=2500,
                        help='collocation points per function')
    parser.add_argument('--p_test', type=int, default=101,
                        help='grid side for the error')
    parser.add_argument('--batch_size', type=int, default=100000, help='samples per batch')

    # checkpoint options
    parser.add_argument('--checkpoint_path', type=str, default=None,
                        help='resume from this checkpoint folder')
    parser.add_argument('--checkpoint_iter', type=int, default=10000,
                        help='checkpoint every n steps')
    parser.add_argument('--checkpoints_to_keep', type=int, default=1,
                        help='checkpoints kept')

    cli = parser.parse_args()

    run(cli)

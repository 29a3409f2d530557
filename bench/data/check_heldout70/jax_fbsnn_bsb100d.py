import numpy as np
import numpy.random as npr
import matplotlib.pyplot as plt
import time
import itertools
import os
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap
from jax.ops import index, index_add, index_update
from jax.experimental import optimizers
from jax import lax

def make_weights(scale, widths, rng=npr.RandomState(0)):
  return [(scale * rng.randn(a, b), scale * rng.randn(b))
          for a, b, in zip(widths[:-1], widths[1:])]
def relu(z):
    return jnp.maximum(0, z)

# scalar network output for one (t, x) pair; vmapped below
def net_u(weights, t, X):
    h_in = jnp.concatenate((t, X), 0)  # D+1 inputs
    h = h_in
    for Wk, bk in weights[:-1]:
        pre = jnp.dot(h, Wk) + bk
        h = relu(pre)

    W_last, b_last = weights[-1]
    u = jnp.dot(h, W_last) + b_last
    return jnp.reshape(u,())  # scalar so grad works

v_net_u = vmap(net_u, in_axes=(None, 0, 0))

def net_du(weights, t, X):
    du_fn = grad(net_u,argnums=(2)) # derivative w.r.t. X only
    Du = du_fn(weights, t, X)
    return Du

v_net_du = vmap(net_du, in_axes=(None, 0, 0))

# def terminal_grad(X):  # M x D
#
#     g = terminal(X)
#     Dg = autograd of g w.r.t. X, kept for a later first-order
#          terminal condition
#     return Dg

def sample_paths(T,M,N,D):  # time grid and Brownian increments

    dT = jnp.zeros((M, N + 1, 1))  # M x (N+1) x 1
    dB = jnp.zeros((M, N + 1, D))  # M x (N+1) x D

    h = T / N
    dT_filled = index_update(dT, index[:, 1:, :], h)

    incr = jnp.sqrt(h) * np.random.normal(size=(M, N, D))   # TODO: use a jax PRNG key
    dB_filled = index_update(dB, index[:, 1:, :], incr)

    t = jnp.cumsum(dT_filled, axis=1)  # M x (N+1) x 1
    B = jnp.cumsum(dB_filled, axis=1)  # M x (N+1) x D
    return t, B

# @jit
def roll_out(weights, t, B, x_start):
    
    xs = []
    ys = []
    ys_hat = []

    t_a = t[0, :]
    B_a = B[0, :]
    y_a = jnp.asarray([net_u(weights, t_a, x_start)]) # wrap the scalar in an array
    z_a = net_du(weights, t_a, x_start)

    xs.append(x_start)
    ys.append(y_a)

    for k in range(0, N):
        t_b = t[k + 1, :]
        B_b = B[k + 1, :]

        x_b = x_start + drift(t_a, x_start, y_a, z_a) * (t_b - t_a) + jnp.dot(vol(t_a, x_start, y_a), (B_b - B_a))
        y_b_hat = y_a + gen(t_a, x_start, y_a, z_a) * (t_b - t_a) + jnp.dot(jnp.dot(z_a.T, vol(t_a, x_start, y_a)),
                                                                          (B_b - B_a))

        y_b = jnp.asarray([net_u(weights, t_b, x_b)])
        z_b = net_du(weights, t_b, x_b)

        t_a = t_b
        B_a = B_b
        x_start = x_b
        y_a = y_b
        z_a = z_b

        xs.append(x_start)
        ys.append(y_a)
        ys_hat.append(y_b_hat)

    X = jnp.stack(xs, axis=1)
    Y = jnp.stack(ys, axis=1)
    Y_hat = jnp.stack(ys_hat, axis=1)

    return X, Y, Y_hat

v_roll_out = vmap(roll_out, in_axes=(None, 0,0,None))

# static arguments could be jitted later
def objective(weights, t, B, x0):   # x0 shared by every path
    X,Y,Y_hat = v_roll_out(weights, t, B, x0)
    # total = sum of squared one-step mismatches (last steps dropped)
    # + terminal condition
    total = jnp.sum(jnp.power(Y[:, :, 1:-2] - Y_hat[:, :, :-2], 2)) + jnp.sum(jnp.power(Y[:,:,N] - terminal(X[:,:,N]), 2))
    # a gradient-matching terminal term is left out for now
    return total

# @jit
def step(count, state, t, B, x0):
    weights = read_weights(state)
    return apply_update(count, grad(objective,argnums=0)(weights, t, B, x0), state)

def gen(t, X, Y, Z):  # M x 1, M x D, M x 1, M x D
    return 0.05 * (Y - jnp.dot(X, Z))  # M x 1

def terminal(X):  # M x D
    return jnp.sum(X ** 2, 1, keepdims=True)  # M x 1

def drift(t, X, Y, Z):  # M x 1, M x D, M x 1, M x D
    return jnp.zeros(D)  # M x D

def vol(t, X, Y):  # M x 1, M x D, M x 1
    return 0.4 * jnp.diag(X)  # M x D x D
v_vol = vmap(vol, in_axes=0)

def exact_u(t, X):  # (N+1) x 1, (N+1) x D
    rate = 0.05
    vol_max = 0.4
    return jnp.exp((rate + vol_max ** 2) * (T - t)) * jnp.sum(X ** 2, 1, keepdims=True)  # (N+1) x 1

if __name__ == "__main__":
    t_all = time.time()
    M = 98  # paths per batch
    N = 50  # time steps
    D = 100  # spatial dimension
    T = 1.0
    n_steps = 200
    lr = 0.001
    # lr = 0.000001
    # lr_alt = 0.001

    mom = 0.9
    widths = [D + 1] + 4 * [256] + [1]  # [101, 256, 256, 256, 256, 1]
    w_scale = 0.1

    x0 = jnp.array([1.0, 0.5] * int(D / 2))# alternating initial state

    t_all = time.time()
    n_show = 5

    loss_curve = []
    steps_seen = []
    loss_buf = jnp.array([])

    start_it = 0
    if steps_seen != []:
        start_it = steps_seen[-1]

    # optimiser
    w0 = make_weights(w_scale, widths)
    # opt_init, apply_update, read_weights = optimizers.momentum(lr, mass=mom)  # momentum variant
    opt_init, apply_update, read_weights = optimizers.adam(lr)  # Adam

    # (single optimiser state for all weights)
    state = opt_init(w0)

    t_block = time.time()
    counter = itertools.count()
    for it in range(start_it, start_it + n_steps):
        print(f"step {it}")
        t_b, B_b = sample_paths(T, M, N, D)  # M x (N+1) x 1, M x (N+1) x D

        # fresh Brownian paths every step
        # weights = step(weights, t_b, B_b, x0)
        state = step(next(counter), state, t_b, B_b, x0)

        weights = read_weights(state)
        loss = objective(weights, t_b, B_b, x0)  # evaluated a second time for logging
        print(f"loss {loss}")
        loss_buf = jnp.append(loss_buf, loss)  # running buffer of losses

        # progress
        if it % 100 == 0:
            dt_block = time.time() - t_block
            # print('It: %d, Loss: %.3e, Y0: %.3f, Time: %.2f, Learning Rate: %.3e' %
            # (it, loss, y0_pred, dt_block, lr))
            print('step: %d, loss: %.3e, time: %.2f, lr: %.3e' %
                  (it, loss, dt_block, lr))
            t_block = time.time()

        # bookkeeping
        if it % 100 == 0:
            loss_curve.append(loss_buf.mean())
            loss_buf = jnp.array([])

            steps_seen.append(it)

        curve = np.stack((steps_seen, loss_curve))


    print("elapsed:", time.time() - t_all, "s")

    np.random.seed(42)
    t_eval, B_eval = sample_paths(T, M, N, D)

    X_hat, Y_hat, Y_hat_tilde = v_roll_out(weights, t_eval, B_eval, x0)

    # Y_ref = jnp.reshape(exact_u(np.reshape(t_eval[0:M, :, :], [-1, 1]), jnp.reshape(X_hat[0:M, :, :], [-1, D])),
    #                     [M, -1, 1])   # earlier layout
    Y_ref = jnp.reshape(exact_u(np.reshape(t_eval[0:M, :, :], [-1, 1]), jnp.reshape(X_hat[0:M, :, :], [-1, D])),
                         [M, 1, -1])  # matches the layout of Y_hat

    plt.figure()
    plt.plot(curve[0], curve[1])
    plt.xlabel('Step')
    plt.ylabel('Loss')
    plt.yscale("log")
    plt.title('Training loss')

    plt.figure()
    # plt.plot(t_eval[0:1, :, 0].T, Y_hat[0:1, :, 0].T, 'b', label='network u(t,X_t)')  # earlier layout
    # plt.plot(t_eval[0:1, :, 0].T, Y_ref[0:1, :, 0].T, 'r--', label='exact u(t,X_t)')
    # plt.plot(t_eval[0:1, -1, 0], Y_ref[0:1, -1, 0], 'ko', label='Y_T = u(T,X_T)')

    plt.plot(t_eval[0:1, :, 0].T, Y_hat[0:1, 0, :].T, 'b', label='network $u(t,X_t)$')
    plt.plot(t_eval[0:1, :, 0].T, Y_ref[0:1, 0, :].T, 'r--', label='exact $u(t,X_t)$')
    plt.plot(t_eval[0:1, -1, 0], Y_ref[0:1, 0, -1], 'ko', label='$Y_T = u(T,X_T)$')

    # plt.plot(t_eval[1:n_show, :, 0].T, Y_hat[1:n_show, :, 0].T, 'b')
    plt.plot(t_eval[1:n_show, :, 0].T, Y_hat[1:n_show, 0, :].T, 'b')

    # plt.plot(t_eval[1:n_show, :, 0].T, Y_ref[1:n_show, :, 0].T, 'r--')
    # plt.plot(t_eval[1:n_show, -1, 0], Y_ref[1:n_show, -1, 0], 'ko')
    plt.plot(t_eval[1:n_show, :, 0].T, Y_ref[1:n_show, 0, :].T, 'r--')
    plt.plot(t_eval[1:n_show, -1, 0], Y_ref[1:n_show, 0, -1], 'ko')

    plt.plot([0], Y_ref[0, 0, 0], 'ks', label='$Y_0 = u(0,X_0)$')

    plt.xlabel('$t$')
    plt.ylabel('$Y_t = u(t,X_t)$')
    plt.title(str(D) + '-d Black-Scholes-Barenblatt, ' + "FC" + "-" + "ReLU" + "_jaxvec")
    plt.legend()

    rel = jnp.sqrt((Y_ref - Y_hat) ** 2 / Y_ref ** 2)
    # rel_mean = jnp.mean(rel, 0)
    # rel_std = jnp.std(rel, 0)
    rel_mean = jnp.mean(rel, 0)[0, :]
    rel_std = jnp.std(rel, 0)[0, :]

    plt.figure()
    # plt.plot(t_eval[0, :, 0], rel_mean, 'b', label='mean')
    # plt.plot(t_eval[0, :, 0], rel_mean + 2 * rel_std, 'r--', label='mean + 2 std')
    plt.plot(t_eval[0, :, 0], rel_mean, 'b', label='mean')
    plt.plot(t_eval[0, :, 0], rel_mean + 2 * rel_std, 'r--', label='mean + 2 std')

    plt.xlabel('$t$')
    plt.ylabel('relative error')
    plt.title(str(D) + '-d-Black-Scholes-Barenblatt-' + "FC" + "-" + "ReLU" + "_jaxvec")
    plt.legend()
    plt.savefig(str(D) + '-d-Black-Scholes-Barenblatt-' + "FC" + "-" + "ReLU" + "_jaxvec")
    here = os.getcwd()
    print(here)

    out = open("jaxvec_output.txt", "w")
    out.write(f"output folder\nhere: {here}")
    out.close()

import jax
import haiku as hk
import jax.numpy as jnp
from jax.example_libraries import optimizers
import torch
import torchvision
import torchvision.transforms as transforms
import numpy as np
import functools
import operator
import optax
import copy
import models
import pickle
import os
import argparse
import random
from collections import defaultdict
import csv
import numpy.linalg as la

# helpers for attacks and evaluation
from test_functions import perturb, test
import data


# =============================================================================
# MART objective
# =============================================================================

def mart_objective(clean_logits, adv_logits, targets, beta):
    """
    MART:
    L = BCE(f(x_adv), y) + beta * KL(f(x) || f(x_adv)) * (1 - p_y(x))
    """
    n_cls = clean_logits.shape[-1]
    onehot = jax.nn.one_hot(targets, n_cls)

    # --- 1. boosted cross-entropy on the adversarial inputs ---
    p_adv = jax.nn.softmax(adv_logits)

    # probability of the true class
    p_adv_true = jnp.sum(p_adv * onehot, axis=-1)

    # largest probability among the wrong classes
    p_adv_wrong = p_adv * (1.0 - onehot)
    p_adv_wrong_max = jnp.max(p_adv_wrong, axis=-1)

    # -log p_y - log(1 - max wrong)
    tiny = 1e-8
    bce = -jnp.log(p_adv_true + tiny) - jnp.log(1.0 - p_adv_wrong_max + tiny)

    # --- 2. KL(clean || adv) ---
    p_clean = jax.nn.softmax(clean_logits)
    logp_clean = jax.nn.log_softmax(clean_logits)
    logp_adv = jax.nn.log_softmax(adv_logits)

    # sum P (log P - log Q)
    kl = jnp.sum(p_clean * (logp_clean - logp_adv), axis=-1)

    # --- 3. weight by how unsure the clean prediction is ---
    p_clean_true = jnp.sum(p_clean * onehot, axis=-1)
    w = 1.0 - p_clean_true

    # --- total ---
    total = jnp.mean(bce + beta * kl * w)

    return total


# not jitted on its own: it is traced inside the jitted step below
# so static/dynamic argument handling stays in one place
def mart_value(params, state, apply_fn, rng, clean_x, adv_x, targets, beta, is_training=True):
    """
    forward passes and MART value
    """
    # 1. clean forward
    clean_logits, state = apply_fn(params, state, rng, clean_x, is_training=is_training)

    # 2. adversarial forward
    adv_logits, state = apply_fn(params, state, rng, adv_x, is_training=is_training)

    # 3. objective
    value = mart_objective(clean_logits, adv_logits, targets, beta)

    # accuracy on the adversarial inputs
    acc = jnp.mean(adv_logits.argmax(1) == targets)

    return value, {'net_state': state, 'acc': acc}


# =============================================================================
# update step
# =============================================================================

# static_argnums=(2, 4, 10):
# 2: apply_fn (a function)
# 4: opt_update (a function)
# 10: is_training (a bool)
# the optimiser state (index 3) stays a traced argument
@functools.partial(jax.jit, static_argnums=(2, 4, 10))
def mart_step(params, net_state, apply_fn, opt_state, opt_update, rng,
                          clean_x, adv_x, targets, beta, is_training=True):
    """
    one MART parameter update
    """
    # gradients
    [value, aux], grads = jax.value_and_grad(mart_value, has_aux=True)(
        params, net_state, apply_fn, rng, clean_x, adv_x, targets, beta, is_training
    )

    net_state = aux['net_state']
    acc = aux['acc']

    # apply
    updates, opt_state = opt_update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)

    return value, params, net_state, opt_state, acc


# =============================================================================
# client split and aggregation
# =============================================================================

def split_clients(targets_np, n_clients, iid=True, alpha=0.1):
    n = len(targets_np)
    parts = []
    if iid:
        order = np.random.permutation(n)
        sizes = [n // n_clients] * n_clients
        sizes[-1] += n % n_clients
        start = 0
        for size in sizes:
            parts.append(order[start:start + size])
            start += size
    else:
        n_cls = len(np.unique(targets_np))
        by_class = [np.where(targets_np == c)[0] for c in range(n_cls)]
        per_client = [[] for _ in range(n_clients)]
        for c in range(n_cls):
            np.random.shuffle(by_class[c])
            shares = np.random.dirichlet(np.repeat(alpha, n_clients))
            cuts = (np.cumsum(shares) * len(by_class[c])).astype(int)[:-1]
            pieces = np.split(by_class[c], cuts)
            for k, piece in enumerate(pieces):
                per_client[k].extend(piece)
        for k in range(n_clients):
            np.random.shuffle(per_client[k])
            parts.append(np.array(per_client[k]))
    return parts


def average_params(trees, sizes):
    w = np.array(sizes)
    w = w / np.sum(w)
    out = copy.deepcopy(trees[0])
    for key in out.keys():
        out[key] = jax.tree_util.tree_map(
            lambda *leaves: sum(a * b for a, b in zip(w, leaves)),
            *[t[key] for t in trees]
        )
    return out


# =============================================================================
# entry point
# =============================================================================

def main():
    print("jax", jax.__version__)
    print("devices", jax.devices())

    # --- options ---
    cli = argparse.ArgumentParser()
    cli.add_argument('--dataset', type=str, default='cifar10', help='cifar10 or fmnist')
    cli.add_argument('--model', type=str, default='resnet18', help='network')
    cli.add_argument('--epochs', type=int, default=100, help='federated rounds')
    cli.add_argument('--lr', type=float, default=0.01, help='step size')

    # attack options
    cli.add_argument('--attack_method', type=str, default='pgd', choices=['fgsm', 'pgd', 'mim', 'cw'])
    cli.add_argument('--eps', type=float, default=8.00, help='budget in 1/255 units')
    cli.add_argument('--mart_beta', type=float, default=6.0, help='KL weight of MART')

    # saving and resuming
    cli.add_argument('--save_path', type=str, default='./saved_models/', help='where results go')
    cli.add_argument('--constant_save', action='store_true', help='checkpoint every few rounds')
    cli.add_argument('--random_seed', type=int, default=0)
    cli.add_argument('--base_model_path', type=str, default='', help='checkpoint to resume from')
    cli.add_argument('--is_iid', type=bool, default=True)

    args = cli.parse_args()

    # --- whole training set onto the accelerator ---
    print(">>> moving the training set to the device")
    train_x_np, train_y_np = data.arrays_and_targets(args.dataset)

    # NCHW -> NHWC
    if train_x_np.ndim == 4 and train_x_np.shape[1] in [1, 3]:
        if train_x_np.shape[2] > train_x_np.shape[1]:
            print(f"transposing {train_x_np.shape} to channels-last")
            train_x_np = np.transpose(train_x_np, (0, 2, 3, 1))

    dev_x = jnp.array(train_x_np)
    dev_y = jnp.array(train_y_np)

    # client split
    n_clients = 10
    alpha = 0.1
    split_name = 'IID' if args.is_iid else 'Non_IID'
    client_parts = split_clients(train_y_np, n_clients, iid=args.is_iid, alpha=alpha)

    # test data through a loader
    test_batches = data.make_loader(args.dataset, train=False, batch_size=100, shuffle=False)

    # output folder
    args.save_path = f'results_mart/{args.dataset}/{args.attack_method}_{split_name}_{args.save_path}'
    os.makedirs(args.save_path, exist_ok=True)

    rng = jax.random.PRNGKey(args.random_seed)
    print(f"seed {args.random_seed}, attack {args.attack_method}, beta {args.mart_beta}")

    # --- network ---
    init_fn, apply_fn = models.get_model(args.model, data.class_count(args.dataset))

    # init from one image
    probe = dev_x[0:1]
    params, net_state = init_fn(rng, probe, is_training=True)

    # optimiser
    opt_init, opt_update = optax.chain(optax.sgd(args.lr, momentum=0.9))
    opt_state = opt_init(params)

    # resume
    if len(args.base_model_path) > 0:
        print(f'resuming from {args.base_model_path}')
        with open(args.base_model_path, 'rb') as fh:
            ckpt = pickle.load(fh)
        params = ckpt['params']
        net_state = ckpt['net_state']

    # csv log
    log_path = os.path.join(args.save_path, f'result_pure_mart.csv')
    with open(log_path, mode='w', newline='') as fh:
        w = csv.writer(fh)
        w.writerow(['epoch', 'clean', 'adv_acc'])

    # =========================================================================
    # federated MART
    # =========================================================================
    print(">>> federated MART training")
    BS = 128

    # attack settings
    eps = args.eps / 255.0
    n_iter = 10

    for rnd in range(args.epochs):
        print(f'round {rnd}')
        client_params = []
        client_states = []
        client_sizes = []

        # every client
        for cid in range(n_clients):
            # 1. start from the global model
            p_local = copy.deepcopy(params)
            s_local = copy.deepcopy(net_state)
            o_local = opt_init(p_local)

            # 2. the client's rows
            rows = client_parts[cid]
            n_rows = len(rows)
            n_batches = n_rows // BS
            rows_dev = jnp.array(rows)

            rng, perm_key = jax.random.split(rng)
            rows_perm = jax.random.permutation(perm_key, rows_dev, independent=True)

            # 3. local epochs
            for b in range(n_batches):
                pick = rows_perm[b * BS: (b + 1) * BS]
                x_clean = dev_x[pick]
                y = dev_y[pick]

                rng, k = jax.random.split(rng)

                # A. adversarial inputs from the current local weights
                x_adv = perturb(
                    p_local, p_local, s_local, apply_fn, k,
                    x_clean, y,
                    eps, 2 * eps / n_iter, n_iter,
                    linear=False, centering=False, attack_method=args.attack_method,
                    is_training=True
                )

                # B. MART update
                value, p_local, s_local, o_local, acc = mart_step(
                    p_local, s_local, apply_fn,
                    o_local, opt_update, k,
                    x_clean, x_adv, y,
                    args.mart_beta, is_training=True
                )

            # keep the client's result
            client_params.append(p_local)
            client_states.append(s_local)
            client_sizes.append(n_rows)

        # 4. FedAvg
        params = average_params(client_params, client_sizes)
        net_state = average_params(client_states, client_sizes)

        # 5. evaluate and save
        adv_eval = (rnd % 5 == 0) or (rnd == args.epochs - 1)

        # test() also wants lin_params; pass params twice
        clean_acc, adv_acc = test(
            params, params, net_state, apply_fn, rng, test_batches,
            linear=False, make_adv_examples=adv_eval,
            attack_method=args.attack_method, adv_eps=args.eps, short=True
        )
        if not adv_eval: adv_acc = 0.0

        print(f"round {rnd} | clean {clean_acc:.2%} | adv {adv_acc:.2%}")

        with open(log_path, mode='a', newline='') as fh:
            w = csv.writer(fh)
            w.writerow([rnd, clean_acc, adv_acc])

        if args.constant_save and (rnd % 10 == 0 or rnd == args.epochs - 1):
            pickle.dump({'params': params, 'net_state': net_state},
                        open(f'./{args.save_path}/epoch_{rnd}.pkl', 'wb'))


if __name__ == '__main__':
    main()

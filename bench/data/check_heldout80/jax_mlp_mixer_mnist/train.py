import jax
import jax.numpy as jnp
import numpy as np
import jax.lax as lax
import optax
import time
import os
import pickle
import matplotlib.pyplot as plt
from flax.training import train_state
from flax.training.train_state import TrainState
from flax.core import FrozenDict
from dataset import build_batches
from utils import cutmix_data,format_duration,plot_all_metrics
from tqdm import tqdm
from model import MlpMixer
import pickle  # used again below for the weights file

# state that also carries the BatchNorm statistics
class TrainState(train_state.TrainState):
    batch_stats: FrozenDict

# cross entropy with smoothed targets
def smoothed_xent(logits, targets, smoothing=0.1):
    n_cls = logits.shape[-1]
    hot = jax.nn.one_hot(targets, n_cls)
    soft = hot * (1 - smoothing) + smoothing / n_cls
    return optax.softmax_cross_entropy(logits, soft).mean()

def warm_cosine_restarts(
    peak_lr, warm_steps, first_period, growth=2, lr_floor=0.0
):
    def lr_at(step):
        def ramp(_):
            return peak_lr * step / warm_steps

        def cosine_part(_):
            t = step - warm_steps
            span = first_period
            done = 0

            def keep_going(vals):
                t, done, span = vals
                return t >= done + span

            def advance(vals):
                t, done, span = vals
                return t, done + span, span * growth

            t, done, span = lax.while_loop(keep_going, advance, (t, done, span))
            t_in = t - done
            cosv = jnp.cos(jnp.pi * t_in / span)
            return lr_floor + 0.5 * (peak_lr - lr_floor) * (1 + cosv)

        return lax.cond(step < warm_steps, ramp, cosine_part, operand=None)

    return lr_at

def make_state(
    key, net, learning_rate, num_epochs=None, steps_per_epoch=None,
    warmup_steps=0, weight_decay=5e-5, initial_period=500, period_mult=2,
    eta_min=0.0, optimizer="adamw", momentum=0.9
):
    init_vars = net.init(key, jnp.ones([1, 32, 32, 1]), train=True)
    weights = init_vars['params']
    bn_stats = init_vars.get('batch_stats', FrozenDict())

    if num_epochs and steps_per_epoch:
        warmup_steps = 2 * steps_per_epoch
        sched_fn = warm_cosine_restarts(
            peak_lr=learning_rate,
            warm_steps=warmup_steps,
            first_period=initial_period,
            growth=period_mult,
            lr_floor=eta_min
        )
        sched = sched_fn

        if optimizer.lower() == "adamw":
            opt = optax.adamw(sched, weight_decay=weight_decay)
        elif optimizer.lower() == "sgd":
            opt = optax.chain(
                optax.trace(decay=momentum, nesterov=True),
                optax.scale_by_schedule(sched),
                optax.scale(-1.0)
            )
        else:
            raise ValueError(f"optimizer not handled: {optimizer}")
    else:
        sched = None
        if optimizer.lower() == "adamw":
            opt = optax.adamw(learning_rate=learning_rate, weight_decay=weight_decay)
        elif optimizer.lower() == "sgd":
            opt = optax.sgd(learning_rate=learning_rate, momentum=momentum, nesterov=True)
        else:
            raise ValueError(f"optimizer not handled: {optimizer}")

    return TrainState.create(
        apply_fn=net.apply,
        params=weights,
        tx=opt,
        batch_stats=bn_stats
    ), sched

@jax.jit
def update(state, mixed_x, tgt_a, tgt_b, lam, targets, smoothing=0.1):
    def objective(weights):
        drop_key = jax.random.fold_in(jax.random.PRNGKey(0), state.step)
        all_vars = {'params': weights, 'batch_stats': state.batch_stats}
        logits, new_vars = state.apply_fn(
            all_vars,
            mixed_x,
            train=True,
            rngs={'dropout': drop_key},
            mutable=["batch_stats"]
        )
        part_a = smoothed_xent(logits, tgt_a, smoothing)
        part_b = smoothed_xent(logits, tgt_b, smoothing)
        total = lam * part_a + (1 - lam) * part_b
        return total, (logits, new_vars)

    vg = jax.value_and_grad(objective, has_aux=True)
    (total, (logits, new_vars)), grads = vg(state.params)
    state = state.apply_gradients(grads=grads)
    state = state.replace(batch_stats=new_vars["batch_stats"])
    hit = jnp.mean(jnp.argmax(logits, axis=-1) == targets)
    return state, {'loss': total, 'accuracy': hit}

def score(state, pair, smoothing=0.1):
    xs, targets = pair
    all_vars = {'params': state.params, 'batch_stats': state.batch_stats}
    logits = state.apply_fn(all_vars, xs, train=False, mutable=False)
    total = smoothed_xent(logits, targets, smoothing)
    hit = jnp.mean(jnp.argmax(logits, axis=-1) == targets)
    return {'loss': total, 'accuracy': hit}

class Stopper:
    def __init__(self, patience=10, enabled=True):
        self.lowest = float('inf')
        self.waited = 0
        self.patience = patience
        self.enabled = enabled

    def halt(self, current):
        if not self.enabled:
            return False
        if current < self.lowest:
            self.lowest = current
            self.waited = 0
        else:
            self.waited += 1
        return self.waited >= self.patience

def cut_in_two(items, split_ratio=0.9):
    cut = int(len(items) * split_ratio)
    return items[:cut], items[cut:]

def run_config(cfg, num_epochs=10, batch_size=128, earlystop="n", dataset_name="mnist", optimizer="adamw"):
    key = jax.random.PRNGKey(0)
    t_start = time.time()

    net = MlpMixer(
        num_classes=10,
        num_blocks=cfg["num_blocks"],
        patch_size=cfg["patch_size"],
        hidden_dim=cfg["hidden_dim"],
        tokens_mlp_dim=cfg["tokens_mlp_dim"],
        channels_mlp_dim=cfg["channels_mlp_dim"],
        dropout_rate=cfg["dropout_rate"],
        use_bn=cfg["use_bn"]
    )

    all_train = build_batches(batch_size=batch_size, train=True, dataset_name=dataset_name)
    fit_batches, hold_batches = cut_in_two(all_train, split_ratio=0.9)
    test_batches = build_batches(batch_size=batch_size, train=False, dataset_name=dataset_name)
    
    tqdm.write(f"training batches: {len(fit_batches)}")
    per_epoch = len(fit_batches) 
    all_steps = num_epochs * per_epoch
    warm = 5 * per_epoch
    first_span = 6 * per_epoch
    
    sched = warm_cosine_restarts(
        peak_lr=cfg["learning_rate"],
        warm_steps=warm,
        first_period=first_span,
        growth=2,
        lr_floor=0.00001
    )
    
    state, _ = make_state(
        key,
        net,
        learning_rate=cfg["learning_rate"],
        num_epochs=None,
        steps_per_epoch=None,
        warmup_steps=warm,
        weight_decay=5e-5,
        initial_period=500,
        period_mult=2,
        eta_min=0.00001,
        optimizer=optimizer,
        momentum=0.9
        )

    fit_acc_hist, fit_loss_hist, hold_acc_hist, hold_loss_hist, lr_hist = [], [], [], [], []
    stopper = Stopper(patience=5, enabled=False)

    print("training starts, clock running")

    for epoch in range(num_epochs):
        run_loss, run_acc = 0, 0
        n_seen = 0
        t_epoch = time.time()

        for step_i, pair in enumerate(fit_batches):
            xs, targets = pair
            mixed_x, tgt_a, tgt_b, lam = cutmix_data(np.array(xs), np.array(targets))
            state, stats = update(state, mixed_x, tgt_a, tgt_b, lam, targets)
            global_step = epoch * per_epoch + step_i
            lr = float(sched(global_step))
            lr_hist.append(lr)

            run_loss += float(stats['loss'])
            run_acc += float(stats['accuracy'])
            n_seen += 1

            if epoch == 0 and step_i < 10:
                print(f"step {global_step+1}: lr {lr:.6f}")

        fit_acc_hist.append(run_acc / n_seen)
        fit_loss_hist.append(run_loss / n_seen)

        hold_loss, hold_acc = 0, 0
        for pair in hold_batches:
            stats = score(state, pair)
            hold_loss += float(stats['loss'])
            hold_acc += float(stats['accuracy'])
        hold_loss /= len(hold_batches)
        hold_acc /= len(hold_batches)
        hold_loss_hist.append(hold_loss)
        hold_acc_hist.append(hold_acc)

        print(f"epoch {epoch+1}: train loss {fit_loss_hist[-1]:.4f}, train acc {fit_acc_hist[-1]:.4f}, held-out loss {hold_loss:.4f}, held-out acc {hold_acc:.4f}, lr {lr:.6f}")
        print(f"epoch {epoch+1} took {format_duration(time.time() - t_epoch)}, gap {(fit_acc_hist[-1] - hold_acc):.4f}")

        if earlystop == "y":
            if stopper.halt(hold_loss):
                print(f"stopping early after epoch {epoch+1}")
                break

    test_acc_hist, test_loss_hist = [], []
    test_loss, test_acc = 0, 0
    for pair in test_batches:
        stats = score(state, pair)
        test_loss += float(stats['loss'])
        test_acc += float(stats['accuracy'])
    test_loss /= len(test_batches)
    test_acc /= len(test_batches)

    print(f"\ntest accuracy {test_acc:.4f}, test loss {test_loss:.4f}")
    print(f"total time {format_duration(time.time() - t_start)}")

    plot_all_metrics(fit_acc_hist, fit_loss_hist, hold_acc_hist, hold_loss_hist, lr_hist)
    
    # write the learned weights to a pickle
    with open("mixer_weights.pkl", "wb") as f:
        pickle.dump(state.params, f)
    print("weights written to mixer_weights.pkl")
    
    return test_acc_hist, test_loss_hist, state.params

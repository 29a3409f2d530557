import os
import jax
import jax.numpy as jnp
from jax import random
from flax.training import train_state
from flax.serialization import to_bytes
import optax
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from codecarbon import EmissionsTracker
from tqdm import tqdm
from flaxmodels import ResNet18 as FMResNet18


# ---------------- input ----------------
def folder_iterators(root, img_size=(32, 32), batch_size=128):
    gen = ImageDataGenerator(rescale=1.0 / 255.0)

    tr_iter = gen.flow_from_directory(
        os.path.join(root, "train"),
        target_size=img_size,
        batch_size=batch_size,
        class_mode="categorical",
        shuffle=True,
    )

    eval_root = os.path.join(root, "test")
    if not os.path.exists(eval_root):
        eval_root = os.path.join(root, "val")

    ev_iter = gen.flow_from_directory(
        eval_root,
        target_size=img_size,
        batch_size=batch_size,
        class_mode="categorical",
        shuffle=False,
    )

    n_cls = len(tr_iter.class_indices)
    return tr_iter, ev_iter, n_cls


# ---------------- state and steps ----------------
def init_state(key, net, learning_rate, input_shape):
    # the network has BatchNorm, so 'batch_stats' comes back too
    init_vars = net.init(key, jnp.ones(
        input_shape, dtype=jnp.float32), train=True)
    weights = init_vars["params"]
    bn = init_vars.get("batch_stats")

    opt = optax.adam(learning_rate)
    st = train_state.TrainState.create(
        apply_fn=net.apply, params=weights, tx=opt)
    return st, bn


@jax.jit
def fit_step(st, bn, xb, yb):
    def objective(weights):
        logits, updated = st.apply_fn(
            {"params": weights, "batch_stats": bn},
            xb, train=True, mutable=["batch_stats"]
        )
        loss = optax.softmax_cross_entropy(logits, yb).mean()
        return loss, (logits, updated["batch_stats"])

    vg = jax.value_and_grad(objective, has_aux=True)
    (loss, (logits, new_bn)), grads = vg(st.params)
    st = st.apply_gradients(grads=grads)
    acc = jnp.mean(jnp.argmax(logits, -1) == jnp.argmax(yb, -1))
    return st, new_bn, loss, acc


@jax.jit
def check_step(st, bn, xb, yb):
    logits = st.apply_fn(
        {"params": st.params, "batch_stats": bn},
        xb, train=False, mutable=False
    )
    loss = optax.softmax_cross_entropy(logits, yb).mean()
    acc = jnp.mean(jnp.argmax(logits, -1) == jnp.argmax(yb, -1))
    return loss, acc


# ---------------- driver ----------------
def run_experiment(
    dataset_path,
    output_file_base,
    checkpoint_path,
    img_size=(32, 32),
    epochs=30,
    batch_size=128,
    learning_rate=1e-4,
):
    key = random.PRNGKey(0)
    tr_iter, ev_iter, n_cls = folder_iterators(
        dataset_path, img_size, batch_size)

    # ---- stock community ResNet-18 ----
    # plain GAP + Dense head, no extra wrapper
    net = FMResNet18(
        output="logits",
        num_classes=n_cls,
        pretrained=None,
        normalize=False,     # the loader already rescales by 1/255
    )
    st, bn = init_state(
        key, net, learning_rate, (1, *img_size, 3))

    os.makedirs("python/jax/emissions/", exist_ok=True)
    os.makedirs("checkpoints/", exist_ok=True)

    # whole batches only, so no empty-list means
    n_train_steps = tr_iter.samples // batch_size
    n_eval_steps = ev_iter.samples // batch_size

    def mean_or_nan(vals):
        if not vals:
            return jnp.nan
        return jnp.mean(jnp.stack(vals))

    for epoch in range(1, epochs + 1):
        print(f"\nEpoch {epoch}/{epochs}")

        # --- energy tracking while training ---
        fit_tracker = EmissionsTracker(
            output_dir="python/jax/emissions/",
            output_file=f"{output_file_base}_train_epoch{epoch}.csv",
            log_level="error",
            measure_power_secs=1,
            save_to_file=True,
            allow_multiple_runs=True,
        )
        fit_tracker.start()

        fit_losses, fit_accs = [], []
        for _ in tqdm(range(n_train_steps), desc=f"[fit] epoch {epoch}"):
            xs, ys = next(tr_iter)
            xb = jnp.asarray(xs, dtype=jnp.float32)
            yb = jnp.asarray(ys, dtype=jnp.float32)
            st, bn, loss, acc = fit_step(
                st, bn, xb, yb)
            fit_losses.append(loss)
            fit_accs.append(acc)

        fit_tracker.stop()

        # --- energy tracking while evaluating ---
        ev_tracker = EmissionsTracker(
            output_dir="python/jax/emissions/",
            output_file=f"{output_file_base}_eval_epoch{epoch}.csv",
            log_level="error",
            measure_power_secs=1,
            save_to_file=True,
            allow_multiple_runs=True,
        )
        ev_tracker.start()

        ev_losses, ev_accs = [], []
        for _ in tqdm(range(n_eval_steps), desc=f"[eval] epoch {epoch}"):
            xs, ys = next(ev_iter)
            xb = jnp.asarray(xs, dtype=jnp.float32)
            yb = jnp.asarray(ys, dtype=jnp.float32)
            loss, acc = check_step(st, bn, xb, yb)
            ev_losses.append(loss)
            ev_accs.append(acc)

        ev_tracker.stop()

        # --- report ---
        tl = mean_or_nan(fit_losses)
        ta = mean_or_nan(fit_accs) * 100.0
        vl = mean_or_nan(ev_losses)
        va = mean_or_nan(ev_accs) * 100.0

        print(f"train loss={tl:.4f}, train acc={ta:.2f}%, "
              f"test loss={vl:.4f}, test acc={va:.2f}%")

        # --- save weights and BN statistics ---
        with open(checkpoint_path, "wb") as fh:
            fh.write(
                to_bytes({"params": st.params, "batch_stats": bn}))

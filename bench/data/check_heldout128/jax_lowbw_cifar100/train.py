import jax
import jax.numpy as jnp
import train_model
import low_bandwidth
import optax
import numpy as np
import data_set
import communication
import result_collecting
import time

def batch_scores(*, logits, labels, num_classes):
    xent = train_model.get_loss(logits=logits, labels=labels, num_classes=num_classes)
    acc = jnp.mean(jnp.argmax(logits, -1) == labels)
    scores = {'loss': xent, 'accuracy': acc,}
    return scores

@jax.jit
def sync_step(params, opt_state, residual, images, labels, comm, net, opt, num_classes, compression=False, gradient_spar=False, rng=None):

    @jax.jit
    def objective(params, net, images, labels, criterion, rngs=None):
        out = net.apply(params, images, rngs=rngs)
        value = criterion(logits=out, labels=labels, num_classes=num_classes)
        return value, out
    
    vg = jax.value_and_grad(objective, has_aux=True)
    if type(net).__name__ == "inception_v4":
        criterion = train_model.l2_loss
        rngs = {"dropout": rng}
    else:
        criterion = train_model.get_loss
        rngs = None
    (_, out), grads = vg(params, net, images, labels, criterion, rngs)
    
    if compression and gradient_spar:
        grads, residual = low_bandwidth.gradient_sparcification(grads, residual, 0.000001)
        packed = low_bandwidth.compress(grads)
        grads = communication.ring_all_reduce(comm, grads, compression=True)
        grads = low_bandwidth.decompress(packed, grads)
    elif not compression and gradient_spar:
        grads, residual = low_bandwidth.gradient_sparcification(grads, residual, 0.000001)
        grads = communication.ring_all_reduce(comm, grads, compression=False)
    elif compression and not gradient_spar:
        packed = low_bandwidth.compress(grads)
        grads = communication.ring_all_reduce(comm, grads, compression=True)
        grads = low_bandwidth.decompress(packed, grads)


    updates, opt_state = opt.update(grads, opt_state, params)  # the optimiser is passed in
    params = optax.apply_updates(params, updates)
    
    scores = batch_scores(logits=out, labels=labels)
    return params, opt_state, residual, scores


@jax.jit
def local_step(params, opt_state,  images, labels, net, opt, num_classes):

    @jax.jit
    def objective(params, net, images, labels):
        out = net.apply(params, images)
        value = train_model.get_loss(logits=out, labels=labels, num_classes=num_classes)
        return value, out

    vg = jax.value_and_grad(objective, has_aux=True)
    (_, out), grads = vg(params, net, images, labels)

    updates, opt_state = opt.update(grads, opt_state, params)  # the optimiser is passed in
    params = optax.apply_updates(params, updates)
    
    scores = batch_scores(logits=out, labels=labels)
    return params, opt_state, scores



def one_epoch(params, opt_state, train_ds, residual, batch_size:int, 
                epoch:int, rng, comm, model, optimizer, experiment_type, 
                input_shape, num_classes, compression:bool, gradient_spar:bool, hypothesis:bool):

    n_rows = len(train_ds['image'])
    n_steps = n_rows // batch_size
    order = jax.random.permutation(rng, n_rows)  # random order of rows
    order = order[:n_steps * batch_size]  # cut the ragged tail
    order = order.reshape((n_steps, batch_size))  # one row of indices per step

    step_scores = []

    t0 = time.perf_counter()
    for idx in order:
        mb = {k: v[idx, ...] for k, v in train_ds.items()}
        if hypothesis:
            params, opt_state, scores = local_step(params, opt_state,  mb['image'], mb['label'], model, optimizer, num_classes)
        else:
            params, opt_state, residual, scores = sync_step(params, opt_state, residual, jax.image.resize(image=mb["image"],shape=(batch_size,input_shape,input_shape,3)), mb["label"], comm, model, optimizer, num_classes, compression, gradient_spar, hypothesis, rng=rng)
        step_scores.append(scores)
    
    host_scores = jax.device_get(step_scores)
    epoch_scores = {k: np.mean([s[k] for s in host_scores])for k in host_scores[0]}
    print(f"\nepoch {epoch}: loss={epoch_scores['loss']} acc%={epoch_scores['accuracy'] * 100}")
    if not hypothesis:
        if comm.Get_rank() == 0:
            result_collecting.save_as_json(experiment_type=experiment_type, epoch=epoch, loss=epoch_scores['loss'], accuracy=epoch_scores['accuracy'], time_for_epoch=(time.perf_counter-t0))
    else:
        result_collecting.save_as_json(experiment_type=experiment_type, epoch=epoch, loss=epoch_scores['loss'], accuracy=epoch_scores['accuracy'], time_for_epoch=(time.perf_counter-t0))

    return params, opt_state, residual



def train(optimizer, train_ds, comm,experiment_type, num_classes, get_model_func, compression, gradient_spar, input_shape, hypothesis = False):
    #print(train_ds)

    n_epochs = 20
    bs = 32

    params, net = get_model_func(num_classes=num_classes)

    rng = jax.random.PRNGKey(0)
    rng, init_rng = jax.random.split(rng)

    residual = low_bandwidth.get_temp_grads(params)
    #print(params,residual)
    opt_state = optimizer.init(params)
    
    for epoch in range(1, n_epochs + 1):
        rng, input_rng = jax.random.split(rng)
        #print(residual)
        params, opt_state, residual = one_epoch(params=params, opt_state=opt_state, train_ds=train_ds, residual=residual, batch_size=bs, epoch=epoch, rng=rng, comm=comm, model=net, optimizer=optimizer, experiment_type=experiment_type, num_classes=num_classes, input_shape=input_shape, compression=compression, gradient_spar=gradient_spar, hypothesis = hypothesis)
        return params



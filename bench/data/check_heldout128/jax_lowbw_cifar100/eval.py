import jax
import train
import result_collecting


def score_split(params, split, build_net, n_classes):
    net_out = build_net(no_params=True).apply(params, split['image'], num_classes=n_classes)
    return train.batch_scores(logits=net_out, labels=split['label'])


def evaluate_net(test_ds, params, experiment_type):
    scores = score_split(params, test_ds)
    scores = jax.device_get(scores)
    flat = jax.tree_util.tree_map(lambda v: v.item(), scores)
    result_collecting.save_as_json(experiment_type=experiment_type, epoch='eval', loss=flat['loss'], accuracy=flat['accuracy'], time_for_epoch=0)
    return flat['loss'], flat['accuracy']

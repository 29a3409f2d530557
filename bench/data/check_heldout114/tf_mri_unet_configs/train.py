import json
import os

from networks.dataset import make_loader, dataset_hash
from networks.model import SegRunner

with open('config.json', 'r') as fh:
    cfg = json.load(fh)


common = cfg['setup']
runs = cfg['models']
data_root = common['dataset_dir']

train_src = make_loader(data_root, 'train',
                        augment=common['augment'],
                        shuffle=True,
                        limit=common['train_ds_limit'])
valid_src = make_loader(data_root, 'valid',
                        limit=common['valid_ds_limit'])

for run in runs:
    runner = SegRunner(checkpoint_dir=common['checkpoint_dir'])

    runner.setup_model(
        train_generator=train_src,
        valid_generator=valid_src,
        checkpoint=run['checkpoint'])

    runner.create_model(arch=run['arch'],
                        optimizer_fn=run['optimizer_fn'],
                        loss_fn=run['loss_fn'],
                        n_filters=run['filters'],
                        input_shape=tuple(common['input_shape']),
                        verbose=1)

    runner.start_train(epochs=common['epochs'])

    runner.load_model(verbose=1)
    scores = runner.start_evaluate()
    runner.save_results(scores)

import os

import tensorflow as tf
from sklearn.model_selection import KFold
import argparse
import numpy as np
from tqdm import tqdm

from dataset.dataset import read_t1_dataset, read_t2_dataset
from models.unet import Unet
from loss.loss import dice_loss
from loss.metrics import dice, dice_1, dice_2, dice_3

# eager mode used to be switched on by hand here

def read_cli():
    cli = argparse.ArgumentParser(description='fit the 3D U-Net fold by fold')
    # where things live
    cli.add_argument('-d', '--data-path', default='/data/data/iseg2019/training_h5/iseg2019_training.h5', type=str)
    cli.add_argument('-t', '--target-path', default='output-1', type=str)
    cli.add_argument('-g', '--gpu', default='0', type=str)
    # optimisation knobs
    cli.add_argument('--batch-size', type=int, default=8, metavar='N',
                     help='patches per training batch (8 if not given)')
    cli.add_argument('--epochs', type=int, default=100, metavar='N',
                     help='how many passes over the data (100 if not given)')
    cli.add_argument('--lr', type=float, default=0.0001, metavar='LR',
                     help='step size of Adam (1e-4 if not given)')

    opts = cli.parse_args()

    return opts


def train_fold(fold_no, train_cases, val_cases, opts):
    tf.keras.backend.clear_session()
    fold_log_dir = os.path.join(opts.target_path, 'fold_' + str(fold_no) + '/')
    if not os.path.isdir(fold_log_dir):
        os.mkdir(fold_log_dir)

    # objective and optimiser
    loss_fn = dice_loss
    adam_optimizer = tf.keras.optimizers.Adam(learning_rate=opts.lr)
    tb_callback = tf.keras.callbacks.TensorBoard(log_dir=fold_log_dir)

    unet_model = Unet(n_class=4)
    unet_model.compile(optimizer=adam_optimizer, loss=dice_loss, metrics=[dice, dice_1, dice_2, dice_3])

    fold_train_dataset = read_t1_dataset(h5_path=opts.data_path, case_ids=train_cases, batch_n=opts.batch_size)
    fold_val_dataset = read_t1_dataset(h5_path=opts.data_path, case_ids=val_cases, batch_n=opts.batch_size)

    unet_model.fit(fold_train_dataset,
                   validation_data=fold_val_dataset,
                   steps_per_epoch=840//opts.batch_size,
                   validation_steps=210//opts.batch_size,
                   callbacks=[tb_callback])

    unet_model.save_weights(os.path.join(fold_log_dir, 'final_weights.h5'))
    return rec_loss, rec_iou_1, rec_iou_2, rec_iou_3, rec_dice_1, rec_dice_2, rec_dice_3


if __name__ == '__main__':
    opts = read_cli()
    if not os.path.isdir(opts.target_path):
        os.mkdir(opts.target_path)
    os.environ["CUDA_VISIBLE_DEVICES"] = opts.gpu
    all_cases = [i for i in range(10)]
    splitter = KFold(n_splits=5, shuffle=False)

    fold_losses, fold_iou_1, fold_iou_2, fold_iou_3, fold_dice_1, fold_dice_2, fold_dice_3 = [], [], [], [], [], [], []

    for fold_no, (train_ids, val_ids) in enumerate(splitter.split(all_cases)):
        rec_loss, rec_iou_1, rec_iou_2, rec_iou_3, rec_dice_1, rec_dice_2, rec_dice_3 = \
            train_fold(fold_no, train_ids, val_ids, opts)
        fold_losses.append(rec_loss)
        fold_iou_1.append(rec_iou_1)
        fold_iou_2.append(rec_iou_2)
        fold_iou_3.append(rec_iou_3)
        fold_dice_1.append(rec_dice_1)
        fold_dice_2.append(rec_dice_2)
        fold_dice_3.append(rec_dice_3)

    summary_fmt = 'mean loss {}, IoU class1 {}, IoU class2 {}, IoU class3 {}, Dice class1 {}, Dice class2 {}, Dice class3 {} '
    print(summary_fmt.format(np.round(np.mean(fold_losses), 5),
                             np.round(np.mean(fold_iou_1), 5),
                             np.round(np.mean(fold_iou_2), 5),
                             np.round(np.mean(fold_iou_3), 5),
                             np.round(np.mean(fold_dice_1), 5),
                             np.round(np.mean(fold_dice_2), 5),
                             np.round(np.mean(fold_dice_3), 5)))


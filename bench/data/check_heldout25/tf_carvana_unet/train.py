from unet import UNetSegmenter
from utils import load_car_data
import tensorflow as tf
import argparse


def make_arg_parser():
    arg_parser = argparse.ArgumentParser()
    # network options
    arg_parser.add_argument('--img_width', type=int, default=960)
    arg_parser.add_argument('--img_height', type=int, default=640)
    arg_parser.add_argument('--filter_num', type=int, default=64)
    arg_parser.add_argument('--batch_norm', action='store_true', default=False)

    # resume from
    arg_parser.add_argument('--checkpoint_path', type=str, default=None)

    # data folders
    arg_parser.add_argument('--train_dir', type=str, default='/home/wangxiyang/dataset/kaggle/data/train_val/train')
    arg_parser.add_argument('--train_mask_dir', type=str,
                        default='/home/wangxiyang/dataset/kaggle/data/train_val/train_mask')
    arg_parser.add_argument('--val_dir', type=str, default='/home/wangxiyang/dataset/kaggle/data/train_val/val')
    arg_parser.add_argument('--val_mask_dir', type=str, default='/home/wangxiyang/dataset/kaggle/data/train_val/val_mask')
    arg_parser.add_argument('--n_images', type=int, default=0)

    # fitting options
    arg_parser.add_argument('--dice_loss', action='store_true', default=False)
    arg_parser.add_argument('--learning_rate', type=float, default=0.0002)
    arg_parser.add_argument('--batch_size', type=int, default=4)
    arg_parser.add_argument('--epochs', type=int, default=1000)
    arg_parser.add_argument('--always_save', action='store_true', default=False)

    return arg_parser


def main():
    opts = make_arg_parser().parse_args()
    target_hw = [opts.img_height, opts.img_width]
    # config = tf.ConfigProto()
    # config.gpu_options.per_process_gpu_memory_fraction = 1.0
    # session = tf.Session(config=config)
    session = tf.Session()
    segmenter = UNetSegmenter(input_hw=target_hw, session=session, base_filters=opts.filter_num, use_bn=opts.batch_norm)
    segmenter.build_net()
    if opts.checkpoint_path:
        segmenter.load_weights(opts.checkpoint_path)

    train_images, train_masks = load_car_data(opts.train_dir,
                              opts.train_mask_dir,
                              n_images=opts.n_images, target_hw=target_hw)
    val_images, val_masks = load_car_data(opts.val_dir,
                                      opts.val_mask_dir,
                                      n_images=opts.n_images // 4, target_hw=target_hw)
    segmenter.train(train_images=train_images, train_masks=train_masks, val_images=val_images, val_masks=val_masks, n_epochs=opts.epochs,
               batch_len=opts.batch_size, lr_value=opts.learning_rate, use_dice=opts.dice_loss,
               save_every_epoch=opts.always_save)


if __name__ == '__main__':
    main()


import argparse
import sys
import tensorflow as tf
from Model import SatelliteModel


# command-line options
def read_options():
    about = "Satellite scene classifiers (TensorFlow 1)"
    opt_parser = argparse.ArgumentParser(description=about)
    opt_parser.add_argument('--dataset', type=str, default='satellite', help='which image set to read')
    opt_parser.add_argument('--type_of_model', type=str, default='Alexnet', help='backbone: Alexnet, ResNet or VGG19')

    opt_parser.add_argument('--epoch', type=int, default=20, help='passes over the training split')
    opt_parser.add_argument('--img_size', type=int, default=100, help='side length after resizing')
    opt_parser.add_argument('--batch_size', type=int, default=4, help='images per step')
    opt_parser.add_argument('--y_dim', type=int, default=9, help='number of scene classes')

    opt_parser.add_argument('--resnet_type', type=str, default='50', help='ResNet depth: 50, 101 or 152')

    return opt_parser.parse_args()


def main():
    # read the command line
    opts = read_options()
    if opts is None:
        print('no options could be read')
        sys.exit()
    else:
        print('options:', opts)

    with tf.Session(config=tf.ConfigProto(allow_soft_placement=True)) as session:
        if opts.type_of_model == 'Alexnet':
            print('backbone: AlexNet')
            sat_model = SatelliteModel(session, model_kind=opts.type_of_model, epoch_count=opts.epoch, dataset_tag=opts.dataset, batch_len=opts.batch_size,
                          img_side=opts.img_size, label_dim=opts.y_dim, resnet_depth=opts.resnet_type)
        elif opts.type_of_model == 'ResNet':
            print('backbone: ResNet')
            sat_model = SatelliteModel(session, model_kind=opts.type_of_model, epoch_count=opts.epoch, dataset_tag=opts.dataset,
                          batch_len=opts.batch_size,
                          img_side=opts.img_size, label_dim=opts.y_dim, resnet_depth=opts.resnet_type)
        elif opts.type_of_model == 'VGG19':
            print('backbone: VGG19')
            sat_model = SatelliteModel(session, model_kind=opts.type_of_model, epoch_count=opts.epoch, dataset_tag=opts.dataset,
                          batch_len=opts.batch_size,
                          img_side=opts.img_size, label_dim=opts.y_dim, resnet_depth=opts.resnet_type)

        else:
            print('unknown backbone %s'%opts.type_of_model)
            sys.exit()

        # create the TF graph
        sat_model.assemble_model()

        sat_model.run_training()


if __name__ == '__main__':
    main()


#! /usr/bin/env python
import os
import argparse
import datetime
import torch
import torchtext.data as data
import torchtext.datasets as datasets
import model
import train
import mydatasets


cli = argparse.ArgumentParser(description='sentence classification with a convolutional net')
# optimisation
cli.add_argument('-lr', type=float, default=0.001, help='Adam step size [default: 0.001]')
cli.add_argument('-epochs', type=int, default=256, help='passes over the training sentences [default: 256]')
cli.add_argument('-batch-size', type=int, default=64, help='sentences per training step [default: 64]')
cli.add_argument('-log-interval',  type=int, default=1,   help='print progress every N steps [default: 1]')
cli.add_argument('-test-interval', type=int, default=100, help='run the dev pass every N steps [default: 100]')
cli.add_argument('-save-interval', type=int, default=500, help='write a snapshot every N steps [default:500]')
cli.add_argument('-save-dir', type=str, default='snapshot', help='folder for checkpoints')
cli.add_argument('-early-stop', type=int, default=1000, help='steps without a dev gain before giving up')
cli.add_argument('-save-best', type=bool, default=True, help='keep the checkpoint with the best dev score')
# input data
cli.add_argument('-shuffle', action='store_true', default=False, help='reshuffle sentences each epoch')
# network
cli.add_argument('-dropout', type=float, default=0.5, help='dropout rate [default: 0.5]')
cli.add_argument('-max-norm', type=float, default=3.0, help='max L2 norm of weights [default: 3.0]')
cli.add_argument('-embed-dim', type=int, default=128, help='word vector size [default: 128]')
cli.add_argument('-kernel-num', type=int, default=100, help='filters per kernel width')
cli.add_argument('-kernel-sizes', type=str, default='3,4,5', help='kernel widths, comma separated')
cli.add_argument('-static', action='store_true', default=False, help='freeze the word vectors')
# hardware
cli.add_argument('-device', type=int, default=-1, help='device id for the batch iterators, -1 = cpu [default: -1]')
cli.add_argument('-no-cuda', action='store_true', default=False, help='run on the CPU only')
# modes
cli.add_argument('-snapshot', type=str, default=None, help='checkpoint to load [default: None]')
cli.add_argument('-predict', type=str, default=None, help='classify this one sentence')
cli.add_argument('-test', action='store_true', default=False, help='only evaluate, no training')
opts = cli.parse_args()


# Stanford Sentiment Treebank (fine-grained) batches
def load_sst(text_column, label_column,  **iter_kw):
    train_split_data, dev_split_data, test_split_data = datasets.SST.splits(text_column, label_column, fine_grained=True)
    text_column.build_vocab(train_split_data, dev_split_data, test_split_data)
    label_column.build_vocab(train_split_data, dev_split_data, test_split_data)
    train_batches, dev_batches, test_batches = data.BucketIterator.splits(
                                        (train_split_data, dev_split_data, test_split_data), 
                                        batch_sizes=(opts.batch_size, 
                                                     len(dev_split_data), 
                                                     len(test_split_data)),
                                        **iter_kw)
    return train_batches, dev_batches, test_batches 


# movie-review polarity batches; dev comes as one batch
def load_mr(text_column, label_column, **iter_kw):
    train_split_data, dev_split_data = mydatasets.MovieReviews.make_splits(text_column, label_column)
    text_column.build_vocab(train_split_data, dev_split_data)
    label_column.build_vocab(train_split_data, dev_split_data)
    train_batches, dev_batches = data.Iterator.splits(
                                (train_split_data, dev_split_data), 
                                batch_sizes=(opts.batch_size, len(dev_split_data)),
                                **iter_kw)
    return train_batches, dev_batches


# build the fields and the batch iterators
print("\nreading sentences ...")
text_column = data.Field(lower=True)
label_column = data.Field(sequential=False)
train_batches, dev_batches = load_mr(text_column, label_column, device=-1, repeat=False)
# (swap in load_sst here to use the treebank instead)


# derived options, then print them all
opts.embed_num = len(text_column.vocab)
opts.class_num = len(label_column.vocab) - 1
opts.cuda = (not opts.no_cuda) and torch.cuda.is_available(); del opts.no_cuda
opts.kernel_sizes = [int(size_str) for size_str in opts.kernel_sizes.split(',')]
opts.save_dir = os.path.join(opts.save_dir, datetime.datetime.now().strftime('%Y-%m-%d_%H-%M-%S'))

print("\noptions in use:")
for opt_name, opt_value in sorted(opts.__dict__.items()):
    print("\t{}={}".format(opt_name.upper(), opt_value))


# network
cnn_model = model.CNN_Text(opts)
if opts.snapshot is not None:
    print('\nrestoring weights from {}'.format(opts.snapshot))
    cnn_model.load_state_dict(torch.load(opts.snapshot))

if opts.cuda:
    torch.cuda.set_device(opts.device)
    cnn_model = cnn_model.cuda()
        

# one sentence, evaluation only, or training
if opts.predict is not None:
    pred_label = train.predict_label(opts.predict, cnn_model, text_column, label_column, opts.cuda)
    print('\nsentence: {}\nclass:    {}\n'.format(opts.predict, pred_label))
elif opts.test:
    try:
        train.evaluate_dev(test_batches, cnn_model, opts) 
    except Exception as err:
        print("\nno test iterator was built for this data set\n")
else:
    print()
    try:
        train.run_train(train_batches, dev_batches, cnn_model, opts)
    except KeyboardInterrupt:
        print('\n' + '-' * 89)
        print('training stopped by keyboard')


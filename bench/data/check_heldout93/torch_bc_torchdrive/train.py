import argparse
import datasets
from utils import Augment
from torch.utils.data import random_split, DataLoader
import torch
from torch_model import SteerNet, train



def main():
    parser = argparse.ArgumentParser(description='fit a steering policy from recorded drives')
    parser.add_argument('-d', help='csv of recorded frames',        dest='data_dir',          type=str,   default='./data/drive_data.csv')
    parser.add_argument('-m', help='checkpoint to resume', dest='model', type=str, default=None)
    parser.add_argument('-t', help='fraction used for training',    dest='train_size',         type=float, default=0.8)
    parser.add_argument('-e', help='epochs',      dest='nb_epoch',          type=int,   default=10)
    parser.add_argument('-b', help='samples per step',            dest='batch_size',        type=int,   default=64)
    parser.add_argument('-l', help='step size',         dest='learning_rate',     type=float, default=1.0e-4)
    args = parser.parse_args()
    args = vars(args)

    # note
    print('-' * 30)
    print('settings')
    print('-' * 30)
    for key, value in args.items():
        print('{:<20} := {}'.format(key, value))
    print('-' * 30)

    # note
    if torch.cuda.is_available():
        print('device: cuda')
        device = torch.device("cuda:0") # note
        torch.backends.cudnn.benchmark = True # note
    else:
        print('device: cpu')
        device = torch.device("cpu")# note

    # note
    drive_ds = datasets.Dataset(args['data_dir'], Augment()) # note

    # note
    n_train = int(len(drive_ds) * args['train_size'])# note
    tr_part, va_part = random_split(drive_ds, [n_train, len(drive_ds) - n_train])# note

    # note
    tr_loader = DataLoader(tr_part, batch_size=args["batch_size"], num_workers=3, shuffle=True)
    va_loader = DataLoader(va_part, batch_size=args["batch_size"], num_workers=3, shuffle=False)

    # note
    if args['model'] is None:
        # note
        model = SteerNet(batch_size=args['batch_size'])
    else:
        # note
        print('resuming from checkpoint')
        model = torch.load(args['model'])


    # note
    train(model, device, lr=args['learning_rate'], epochs=args['nb_epoch'],
          train_dl=tr_loader, val_dl=va_loader)

if __name__ == "__main__":
    main()
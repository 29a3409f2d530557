import argparse
import time
import os
import torch
import torch.nn as nn
import torch.optim as optim
from datetime import datetime
from torch.optim import lr_scheduler
from torchvision import datasets, models, transforms
from train_test import fit_model, run_test, restore_model_weights
from models import ScratchResNet18, PretrainedResNet18
from torch.utils.tensorboard import SummaryWriter


def build_data_loaders(batch_size):    
    '''Transforms and loaders per split, after the torchvision transfer-learning example'''
    # the training split gets random crops, flips and colour jitter
    # the evaluation splits are only resized and normalised
    split_transforms = {
        'train': transforms.Compose([
            transforms.RandomResizedCrop(224),
            transforms.RandomHorizontalFlip(),
            transforms.ColorJitter(brightness=0.4, saturation=0.4, hue=0.4),
            transforms.ToTensor(),
            transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
        ]),
        'val': transforms.Compose([
            transforms.Resize(224),
            transforms.CenterCrop(224),
            transforms.ToTensor(),
            transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
        ]),
        'test': transforms.Compose([
            transforms.Resize(256),
            transforms.CenterCrop(224),
            transforms.ToTensor(),
            transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
        ]),
    }

    data_root_dir = 'chest_xray/'
    image_folder_datasets = {x: datasets.ImageFolder(os.path.join(data_root_dir, x),
                                            split_transforms[x])
                    for x in ['train', 'val','test']}
    loaders_by_split = {x: torch.utils.data.DataLoader(image_folder_datasets[x], batch_size=batch_size,
                                                    shuffle=True, num_workers=8)
                    for x in ['train', 'val','test']}
    dataset_lengths = {x: len(image_folder_datasets[x]) for x in ['train', 'val','test']}
    label_names = image_folder_datasets['train'].classes

    return loaders_by_split, dataset_lengths, label_names


def main_entry(opts):
    
    # GPU present?
    has_gpu = torch.cuda.is_available()
    
    # pick the device to run on
    device = torch.device("cuda" if has_gpu else "cpu")
    print("running on: ", device)
    
    # build the chosen ResNet-18 variant on the device
    if opts.mode == 'scratch':
        model = ScratchResNet18(opts.dropout).to(device) 
    else:   
        model = PretrainedResNet18(opts.dropout).to(device)
    
    # ----------------------------------------------------------------------
    # objective, optimiser and step schedule
    criterion = nn.CrossEntropyLoss()
    optimizer = optim.Adam(model.parameters(), lr=opts.learning_rate, weight_decay=0.001)
    scheduler = lr_scheduler.StepLR(optimizer, step_size=7, gamma=0.1)

    tb_writer = SummaryWriter()

    loaders_by_split, dataset_lengths, _ = build_data_loaders(opts.batch_size)
        
    trained_model = fit_model(model, loaders_by_split, dataset_lengths, device, criterion, optimizer, scheduler, 
                             tb_writer, epoch_count=opts.num_epochs)
    
    stamp_time = datetime.now().time()
    torch.save(trained_model.state_dict(), f"{stamp_time}-{opts.mode}-model.pth")

    restore_model_weights(trained_model, f"{stamp_time}-{opts.mode}-model.pth")
    run_test(trained_model, device, loaders_by_split['test'], 1, tb_writer)
    
    tb_writer.close()
    print("fit and test done")
    
    
    
    
if __name__ == '__main__':
    # time the whole run
    t_start = time.time()
    
    # command-line options
    arg_parser = argparse.ArgumentParser('Pneumonia classifier on chest radiographs with a ResNet.')
    arg_parser.add_argument('--mode',
                        type=str, default='pretrained',
                        help="'scratch' trains from random weights, 'pretrained' starts from ImageNet.")
    arg_parser.add_argument('--learning_rate',
                        type=float, default= 0.001,
                        help='Starting step size.')
    arg_parser.add_argument('--num_epochs',
                        type=int,
                        default=40,
                        help='How many passes over the training split.')
    arg_parser.add_argument('--batch_size',
                        type=int, default=16,
                        help='Pictures per step.')
    arg_parser.add_argument('--dropout', type = float, default = 0.3, help= 'Drop probability before the last layer.')
    arg_parser.add_argument('--log_dir',
                        type=str,
                        default=str,
                        help='Folder for the logs.')
    
    opts = None
    opts, extra_args = arg_parser.parse_known_args()
    
    main_entry(opts)
    elapsed_s = time.time() - t_start
    print(f'Whole run took {elapsed_s // 60:.0f}m {elapsed_s % 60:.0f}s')

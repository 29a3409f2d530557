import os
import sys
import torch
import numpy as np
import importlib
import shutil
import argparse
from pathlib import Path
from tqdm import tqdm
import mlflow

from torch.utils.data import DataLoader

from point_net_suite.data_utils.metrics import compute_iou
from point_net_suite.data_utils.s3_dis_dataset import S3DIS


BASE_DIR = os.path.dirname(os.path.abspath(__file__))
models_folder_dict = {'pointnet_sem_segmentation': 'models/Pointnet'}
models_modules_dict = {'pointnet_sem_segmentation': 'point_net_suite.models.pointnet_sem_segmentation'}

CATEGORIES = {
    'ceiling'  : 0, 
    'floor'    : 1, 
    'wall'     : 2, 
    'beam'     : 3, 
    'column'   : 4, 
    'window'   : 5,
    'door'     : 6, 
    'table'    : 7, 
    'chair'    : 8, 
    'sofa'     : 9, 
    'bookcase' : 10, 
    'board'    : 11,
    'stairs'   : 12,
    'clutter'  : 13
}
NUM_CLASSES = len(CATEGORIES)


def parse_args():
    parser = argparse.ArgumentParser('training_sem_seg')
    parser.add_argument('--use_cpu', action='store_true', default=False, help='run on the CPU')
    parser.add_argument('--model', type=str, default='pointnet_sem_segmentation', help='which network to train')
    parser.add_argument('--batch_size', type=int, default=8, help='clouds per step (default 8)')
    parser.add_argument('--epoch', default=32, type=int, help='number of epochs (default 32)')
    parser.add_argument('--learning_rate', default=0.001, type=float, help='starting learning rate (default 0.001)')
    parser.add_argument('--optimizer', type=str, default='AdamW', help='Adam, AdamW or SGD')
    parser.add_argument('--decay_rate', type=float, default=1e-4, help='weight decay (default 1e-4)')
    parser.add_argument('--num_points', type=int, default=4096, help='points per sample (default 4096)')
    parser.add_argument('--step_size', type=int, default=10, help='epochs between lr decays')
    parser.add_argument('--lr_decay', type=float, default=0.7, help='lr decay factor')
    parser.add_argument('--train_area', type=int, nargs='+', default=[1, 2, 4], help='areas used for training (default 1 2 4)')
    parser.add_argument('--test_area', type=int, nargs='+', default=[3], help='areas used for testing (default 3)')
    parser.add_argument('--remove_checkpoint', action='store_true', default=False, help='discard the previous checkpoint')
    parser.add_argument('--use_mlflow', action='store_true', default=False, help='track the run in mlflow')

    return parser.parse_args()


def main(args):
    def log_string(str):
        print(str)

    # output folders
    exp_dir = Path('./log/')
    exp_dir.mkdir(exist_ok=True)
    exp_dir = exp_dir.joinpath('semantic_seg')
    exp_dir.mkdir(exist_ok=True)
    exp_dir = exp_dir.joinpath(args.model)
    if args.remove_checkpoint and exp_dir.exists():
        log_string('Deleting existing checkpoint!')
        shutil.rmtree(exp_dir)
    exp_dir.mkdir(exist_ok=True)
    
    log_string('PARAMETER ...')
    log_string(args)

    data_path = os.path.join(BASE_DIR, 'data/stanford_indoor3d')
    num_classes = NUM_CLASSES
    num_epochs = args.epoch
    num_points = args.num_points
    batch_size = args.batch_size

    print("start loading training data ...")
    TRAIN_DATASET = S3DIS(root=data_path, area_nums=args.train_area, npoints=num_points, r_prob=0.25)
    print("start loading test data ...")
    TEST_DATASET = S3DIS(root=data_path, area_nums=args.test_area, split='test', npoints=num_points)
    trainDataLoader = DataLoader(TRAIN_DATASET, batch_size=batch_size, shuffle=True)
    testDataLoader = DataLoader(TEST_DATASET, batch_size=batch_size, shuffle=False)

    log_string("The number of training data is: %d" % len(TRAIN_DATASET))
    log_string("The number of test data is: %d" % len(TEST_DATASET))

    # build the network
    sys.path.append(os.path.join(BASE_DIR, models_folder_dict[args.model]))
    model = importlib.import_module(models_modules_dict[args.model])

    classifier = model.get_model(num_points=num_points, m=num_classes)
    criterion = model.get_loss()

    if not args.use_cpu:
        classifier = classifier.cuda()
        criterion = criterion.cuda()

    if args.optimizer == 'Adam':
        optimizer = torch.optim.Adam(
            classifier.parameters(),
            lr=args.learning_rate,
            betas=(0.9, 0.999),
            eps=1e-08,
            weight_decay=args.decay_rate
        )
    elif args.optimizer == 'AdamW':
        optimizer = torch.optim.AdamW(
            classifier.parameters(),
            lr=args.learning_rate,
            betas=(0.9, 0.999),
            eps=1e-08,
            weight_decay=args.decay_rate
        )
    else:
        optimizer = torch.optim.SGD(classifier.parameters(), lr=args.learning_rate, momentum=0.9)

    scheduler = torch.optim.lr_scheduler.CyclicLR(optimizer, base_lr=args.learning_rate, max_lr=1e-3, 
                                                    step_size_up=1000, cycle_momentum=False)
    
    best_iou = 0.2

    # per-epoch metric history
    train_loss = []
    train_accuracy = []
    train_iou = []
    test_loss = []
    test_accuracy = []
    test_iou = []

    try:
        checkpoint = torch.load(str(exp_dir) + '/best_model.pth')
        start_epoch = checkpoint['epoch']
        train_loss = checkpoint['train_loss']
        train_accuracy = checkpoint['train_accuracy']
        train_iou = checkpoint['train_iou']
        test_loss = checkpoint['test_loss']
        test_accuracy = checkpoint['test_accuracy']
        test_iou = checkpoint['test_iou']
        best_iou = test_iou[-1]
        classifier.load_state_dict(checkpoint['model_state_dict'])
        if checkpoint['optimizer_type'] == args.optimizer:
            optimizer.load_state_dict(checkpoint['optimizer_state_dict'])
        log_string('Use pretrain model')
    except:
        log_string('No existing model, starting training from scratch...')
        start_epoch = 0

    global_epoch = 0

    if args.use_mlflow:
        # tracking server settings
        os.environ['MLFLOW_TRACKING_URI'] = 'http://localhost:3389'
        os.environ['MLFLOW_EXPERIMENT_NAME'] = 'pointnet_sem_segmentation'
        os.environ['MLFLOW_ENABLE_SYSTEM_METRICS_LOGGING'] = 'true'
        mlflow.start_run()

    try:
        for epoch in range(start_epoch, num_epochs):
            log_string('Epoch %d (%d/%s):' % (global_epoch + 1, epoch + 1, args.epoch))
            # training mode
            classifier = classifier.train()
            _train_loss = []
            _train_accuracy = []
            _train_iou = []
            for i, (points, targets) in tqdm(enumerate(trainDataLoader, 0), total=len(trainDataLoader), smoothing=0.9):
                
                if not args.use_cpu:
                    points, targets = points.transpose(2, 1).cuda(), targets.squeeze().cuda()
                else:
                    points, targets = points.transpose(2, 1), targets.squeeze()
                
                optimizer.zero_grad()
                
                # per-point class scores
                preds, crit_idxs, feat_trans = classifier(points)

                # hard predictions
                pred_choice = torch.softmax(preds, dim=2).argmax(dim=2)

                # loss and update
                loss = criterion(preds, targets, pred_choice) 
                loss.backward()
                optimizer.step()
                scheduler.step()
                
                # batch metrics
                correct = pred_choice.eq(targets.data).cpu().sum()
                accuracy = correct/float(batch_size*num_points)
                iou = compute_iou(targets, pred_choice)

                _train_loss.append(loss.item())
                _train_accuracy.append(accuracy)
                _train_iou.append(iou.item())
            
            # epoch averages
            mean_train_loss = np.mean(_train_loss)
            mean_train_accuracy = np.mean(_train_accuracy)
            mean_train_iou = np.mean(_train_iou)
            if args.use_mlflow:
                mlflow.log_metric('train_loss', mean_train_loss)
                mlflow.log_metric('train_accuracy', mean_train_accuracy)
                mlflow.log_metric('train_iou', mean_train_iou)
            train_loss.append(mean_train_loss)
            train_accuracy.append(mean_train_accuracy)
            train_iou.append(mean_train_iou)

            print(f'Epoch: {epoch + 1} - Train Loss: {train_loss[-1]:.4f} ' \
                + f'- Train Accuracy: {train_accuracy[-1]:.4f} ' \
                + f'- Train IOU: {train_iou[-1]:.4f}')

            
            # evaluation on the held-out area
            with torch.no_grad():

                classifier = classifier.eval()

                _test_loss = []
                _test_accuracy = []
                _test_iou = []
                for i, (points, targets) in tqdm(enumerate(testDataLoader, 0), total=len(testDataLoader), smoothing=0.9):
                    
                    if not args.use_cpu:
                        points, targets = points.transpose(2, 1).cuda(), targets.squeeze().cuda()
                    else:
                        points, targets = points.transpose(2, 1), targets.squeeze()

                    preds, crit_idxs, feat_trans = classifier(points)
                    pred_choice = torch.softmax(preds, dim=2).argmax(dim=2)

                    loss = criterion(preds, targets, pred_choice) 

                    correct = pred_choice.eq(targets.data).cpu().sum()
                    accuracy = correct/float(batch_size*num_points)
                    iou = compute_iou(targets, pred_choice)

                    _test_loss.append(loss.item())
                    _test_accuracy.append(accuracy)
                    _test_iou.append(iou.item())
                
                mean_test_loss = np.mean(_test_loss)
                mean_test_accuracy = np.mean(_test_accuracy)
                mean_test_iou = np.mean(_test_iou)

                if args.use_mlflow:
                    mlflow.log_metric('test_loss', mean_test_loss)
                    mlflow.log_metric('test_accuracy', mean_test_accuracy)
                    mlflow.log_metric('test_iou', mean_test_iou)

                test_loss.append(mean_test_loss)
                test_accuracy.append(mean_test_accuracy)
                test_iou.append(mean_test_iou)
                print(f'Epoch: {epoch + 1} - Valid Loss: {test_loss[-1]:.4f} ' \
                    + f'- Valid Accuracy: {test_accuracy[-1]:.4f} ' \
                    + f'- Valid IOU: {test_iou[-1]:.4f}')
                
                # keep the best checkpoint
                if (test_iou[-1] >= best_iou):
                    best_iou = test_iou[-1]
                    best_epoch = epoch + 1
                    savepath = str(exp_dir) + '/best_model.pth'
                    log_string('Saving model at %s' % savepath)
                    state = {
                        'epoch': best_epoch,
                        'train_loss': train_loss,
                        'train_accuracy': train_accuracy,
                        'train_iou': train_iou,
                        'test_loss': test_loss,
                        'test_accuracy': test_accuracy,
                        'test_iou': test_iou,
                        'model_state_dict': classifier.state_dict(),
                        'optimizer_type': args.optimizer,
                        'optimizer_state_dict': optimizer.state_dict(),
                    }
                    if args.use_mlflow:
                        mlflow.log_artifact(savepath)
                    torch.save(state, savepath)

                global_epoch += 1
    finally:
        if args.use_mlflow:
            mlflow.end_run()      

    log_string('End of training...')


if __name__ == '__main__':
    args = parse_args()
    main(args)

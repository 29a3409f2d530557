import argparse
import os
from solver import SegTrainer
from data_loader import make_loader
from torch.backends import cudnn
import random

def run(cfg):
    cudnn.benchmark = True
    if cfg.model_type not in ['U_Net','R2U_Net','AttU_Net','R2AttU_Net']:
        print('model_type must be one of U_Net, R2U_Net, AttU_Net, R2AttU_Net')
        print('got model_type=%s'%cfg.model_type)
        return

    # make output folders
    if not os.path.exists(cfg.model_path):
        os.makedirs(cfg.model_path)
    if not os.path.exists(cfg.result_path):
        os.makedirs(cfg.result_path)
    cfg.result_path = os.path.join(cfg.result_path,cfg.model_type)
    if not os.path.exists(cfg.result_path):
        os.makedirs(cfg.result_path)
    
    lr = random.random()*0.0005 + 0.0000005
    aug_prob= random.random()*0.7
    n_epochs = random.choice([100,150,200,250])
    decay_frac = random.random()*0.8
    decay_epochs = int(n_epochs*decay_frac)

    cfg.augmentation_prob = aug_prob
    cfg.num_epochs = n_epochs
    cfg.lr = lr
    cfg.num_epochs_decay = decay_epochs

    print(cfg)
        
    train_loader = make_loader(image_path=cfg.train_path,
                            image_size=cfg.image_size,
                            batch_size=cfg.batch_size,
                            num_workers=cfg.num_workers,
                            split='train',
                            aug_prob=cfg.augmentation_prob)
    valid_loader = make_loader(image_path=cfg.valid_path,
                            image_size=cfg.image_size,
                            batch_size=cfg.batch_size,
                            num_workers=cfg.num_workers,
                            split='valid',
                            aug_prob=0.)
    test_loader = make_loader(image_path=cfg.test_path,
                            image_size=cfg.image_size,
                            batch_size=cfg.batch_size,
                            num_workers=cfg.num_workers,
                            split='test',
                            aug_prob=0.)

    trainer = SegTrainer(cfg, train_loader, valid_loader, test_loader)

    
    # run the requested mode
    if cfg.mode == 'train':
        trainer.train()
    elif cfg.mode == 'test':
        trainer.test()


if __name__ == '__main__':
    argp = argparse.ArgumentParser()

    
    # network options
    argp.add_argument('--image_size', type=int, default=224)
    argp.add_argument('--t', type=int, default=3, help='recurrence steps for the R2 variants')
    
    # optimisation options
    argp.add_argument('--img_ch', type=int, default=3)
    argp.add_argument('--output_ch', type=int, default=1)
    argp.add_argument('--num_epochs', type=int, default=100)
    argp.add_argument('--num_epochs_decay', type=int, default=70)
    argp.add_argument('--batch_size', type=int, default=1)
    argp.add_argument('--num_workers', type=int, default=8)
    argp.add_argument('--lr', type=float, default=0.0002)
    argp.add_argument('--beta1', type=float, default=0.5)        # Adam beta1
    argp.add_argument('--beta2', type=float, default=0.999)      # Adam beta2    
    argp.add_argument('--augmentation_prob', type=float, default=0.4)

    argp.add_argument('--log_step', type=int, default=2)
    argp.add_argument('--val_step', type=int, default=2)

    # paths and mode
    argp.add_argument('--mode', type=str, default='train')
    argp.add_argument('--model_type', type=str, default='U_Net', help='U_Net/R2U_Net/AttU_Net/R2AttU_Net')
    argp.add_argument('--model_path', type=str, default='./models')
    argp.add_argument('--train_path', type=str, default='./dataset/train/')
    argp.add_argument('--valid_path', type=str, default='./dataset/valid/')
    argp.add_argument('--test_path', type=str, default='./dataset/test/')
    argp.add_argument('--result_path', type=str, default='./result/')

    argp.add_argument('--cuda_idx', type=int, default=1)

    cfg = argp.parse_args()
    run(cfg)

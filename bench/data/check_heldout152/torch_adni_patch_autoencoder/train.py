import argparse
import logging

import torch
import torch.nn as nn
from torch import cuda
from torch.autograd import Variable
from torch.utils.data import DataLoader,Dataset
import torchvision

from sparse_ae import SparseAE 
from patch_dataset import MRIPatchSampler

logging.basicConfig(
    format='%(asctime)s %(levelname)s: %(message)s',
    datefmt='%Y-%m-%d %H:%M:%S', level=logging.INFO)

ap = argparse.ArgumentParser(description="Pretrain a sparse autoencoder on MRI patches")

ap.add_argument("--learning_rate", "-lr", default=1e-3, type=float,
                    help="Step size of the optimiser.")
ap.add_argument('--momentum', default=0.9, type=float, metavar='M',
                    help='momentum term')
ap.add_argument('--weight-decay', '--wd', default=1e-4, type=float,
                    metavar='W', help='L2 penalty')
ap.add_argument("--batch_size", default=1, type=int,
                    help="Scans per loader step.")
ap.add_argument("--gpuid", default=[0], nargs='+', type=int,
                    help="GPU ids; empty means CPU.")
ap.add_argument("--num_classes", default=3, type=int,
                    help="How many diagnosis groups.")
ap.add_argument("--epochs", default=20, type=int,
                    help="Passes over the scans.")
ap.add_argument("--estop", default=1e-4, type=float,
                    help="Stop when the epoch loss changes less than this.")  

def run(cfg):

    if cfg.num_classes == 3:
        LIST_FILE = '/data/adni/lists/train_3classes.txt'
    else:
        LIST_FILE = '/data/adni/lists/train_3classes.txt'
    SCAN_DIR = '/data/adni/scans'

    train_set = MRIPatchSampler(SCAN_DIR, LIST_FILE)

    loader = DataLoader(train_set,
                              batch_size = cfg.batch_size,
                              shuffle = True,
                              num_workers = 0,
                              drop_last = True
                              )
    rho = 0.05
    weight_kl = 0.5

    mse = nn.MSELoss()
    #kl = nn.KLDivLoss(reduce=False)

    on_gpu = len(cfg.gpuid)>=1
    ae = SparseAE()

    if(on_gpu):
        ae = ae.cuda()
    else:
        ae = ae.cpu()

    #ae.load_state_dict(torch.load("./sparse_ae_19"))

    opt = torch.optim.Adam(ae.parameters(), lr=cfg.learning_rate, weight_decay=cfg.weight_decay)
    
    prev_epoch_loss = 1e-4
    log_file = open("sparse_ae_loss", 'a')
    for ep in range(cfg.epochs):
        epoch_loss = 0.
        print("epoch {0} starting.".format(ep))
        for i, sample in enumerate(loader):
            cubes = sample['patch']
            for b, cube in enumerate(cubes):
                cube = Variable(cube).cuda()
                #cube = cube.view(-1, 343)
                recon, hidden = ae(cube)
                cube = cube.view(-1, 343)
                rec_loss = mse(recon, cube)
                target_rho = Variable(torch.ones(hidden.shape)*rho).cuda()
                kl_term = (target_rho*torch.log(target_rho/(hidden+1e-8)) + (1-target_rho)*torch.log((1-target_rho)/((1-hidden+1e-8)))).sum()/cfg.batch_size
                #kl(mean_activation, rho)
                loss = rec_loss + weight_kl * kl_term
                epoch_loss += loss
                logging.info("step {0} recon {1:.5f}, kl {2:.5f}".format(i*1000+b, rec_loss.data[0], kl_term.data[0]))
                log_file.write("step {0} loss {1:.3f}\n".format(i*1000+b, loss.data[0]))
                opt.zero_grad()
                loss.backward()
                opt.step()
        mean_loss = epoch_loss/(len(loader)*1000)
        print("mean loss {0:.5f} after epoch {1}".format(mean_loss.data[0], ep))
        if (abs(mean_loss.data[0] - prev_epoch_loss) <= cfg.estop) or ((ep+1)%20==0):
            torch.save(ae.state_dict(), open("sparse_ae_"+str(ep), 'wb'))
        prev_epoch_loss = mean_loss.data[0]
    log_file.close()
if __name__ == "__main__":
  parsed = ap.parse_known_args()
  cfg = parsed[0]
  if parsed[1]:
    logging.warning("ignored arguments: {0}".format(ap.parse_known_args()[1]))
  run(cfg)

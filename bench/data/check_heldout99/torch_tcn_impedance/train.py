
## imports
import numpy as np
import matplotlib.pyplot as plt
import os
import torch
from os.path import join
from core.utils import unzip_to, normalize_pair
from core.datasets import TraceDataset
from torch.utils.data import DataLoader
from core.model1D import MustafaNet
from sklearn.metrics import r2_score
import errno
import argparse


def prepare(n_wells, which='seam'):
    """Reads the section, normalises it and returns traces and targets

    Parameters:
    ----------
    n_wells : int,
        how many evenly spaced pseudo-wells are taken from the section
        as training traces.


    Returns
    -------
    section : array_like, shape(num_traces, depth samples)
        2-D seismic section

    impedance : array_like, shape(num_wells, depth samples)
        2-D impedance section

    """

    # working folder
    here = os.getcwd()

    if ~os.path.isdir('data'): # unpack the archive when no data folder
        unzip_to('data.zip', here)

    if which == 'seam':
        # seismic section
        section = np.load(join('data','poststack_seam_seismic.npy')).squeeze()[:, 50:]
        section = section[::2, :]

        # elastic model -> impedance
        impedance = np.load(join('data','seam_elastic_model.npy'))[::3,:,::2][:, :, 50:]
        impedance = impedance[:,0,:] * impedance[:,2,:]

    else:
        # seismic section
        section = np.load(join('data','marmousi_synthetic_seismic.npy')).squeeze()
        impedance= np.load(join('data', 'marmousi_Ip_model.npy')).squeeze()[::5, ::4]


    # normalise
    section, impedance = normalize_pair(section, impedance, n_wells)

    return section, impedance


def fit(**opts):
    """Trains the 1-D temporal conv net"""

    # data
    section, impedance = prepare(opts['n_wells'], opts['which'])


    # trace positions used for training and for validation
    train_idx = np.linspace(0, len(impedance)-1, opts['n_wells'], dtype=int)
    val_idx = np.linspace(0, len(impedance)-1, 3, dtype=int)

    train_set = TraceDataset(section, impedance, train_idx)
    train_loader = DataLoader(train_set, batch_size = len(train_set))

    val_set = TraceDataset(section, impedance, val_idx)
    val_loader = DataLoader(val_set, batch_size = len(val_set))


    # device
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    # network
    net = MustafaNet().to(device)

    # loss
    mse = torch.nn.MSELoss()


    opt = torch.optim.Adam(net.parameters(),
                           weight_decay=0.0001,
                           lr=0.001)

    # loop
    for epoch in range(opts['epochs']):

      net.train()
      opt.zero_grad()


      for xb,yb in train_loader:
        pred = net(xb)
        train_loss = mse(pred, yb)

      for xb, yb in val_loader:
        net.eval()
        pred = net(xb)
        val_loss = mse(pred, yb)


      train_loss.backward()
      opt.step()

      print('Epoch: {} | train {:0.4f} | val {:0.4f} \
            '.format(epoch, train_loss.item(), val_loss.item()))


    # write the weights
    if not os.path.isdir('saved_models'):  # make the folder if missing
        os.mkdir('saved_models')

    torch.save(net.state_dict(), 'saved_models/model_seam_1D.pth')

def evaluate(**opts):
    """Predicts the whole section with the trained net and prints
    scores"""

    # data
    section, impedance = prepare(opts['n_wells'], opts['which'])


    # device
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    # every trace of the section
    all_idx = np.arange(len(impedance), dtype=int)

    test_set = TraceDataset(section, impedance, all_idx)
    test_loader = DataLoader(test_set, batch_size = 8)

    # need the saved weights
    if not os.path.isdir('saved_models'):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), 'saved_models')

    # network
    net = MustafaNet().to(device)
    net.load_state_dict(torch.load('saved_models/model_seam_1D.pth'))

    # predict the section
    print("\nPredicting ...")
    xs, ys = test_set[0]  # one sample for the shape
    pred_sec = torch.zeros((len(test_set), ys.shape[-1])).float().to(device)
    true_sec = torch.zeros((len(test_set), ys.shape[-1])).float().to(device)

    pos = 0
    with torch.no_grad():
        for k, (xb,yb) in enumerate(test_loader):
          net.eval()
          out  = net(xb)
          pred_sec[pos:pos+len(xb)] = out.squeeze().data
          true_sec[pos:pos+len(xb)] = yb.squeeze().data
          pos += len(xb)
          del xb, yb, out

    lo, hi = true_sec.min(), true_sec.max()

    pred_sec = pred_sec.detach().cpu().numpy()
    true_sec = true_sec.detach().cpu().numpy()
    print('r2: {:0.4f}'.format(r2_score(true_sec.T, pred_sec.T)))
    print('MSE: {:0.4f}'.format(np.sum((pred_sec-true_sec).ravel()**2)/pred_sec.size))
    print('MAE: {:0.4f}'.format(np.sum(np.abs(pred_sec - true_sec)/pred_sec.size)))
    print('MedAE: {:0.4f}'.format(np.median(np.abs(pred_sec - true_sec))))

    fig, (top, bottom) = plt.subplots(2,1, figsize=(12,12))
    top.imshow(pred_sec.T, vmin=lo, vmax=hi, extent=(0,35000,15000,0))
    top.set_aspect(35/30)
    top.set_xlabel('Offset (m)')
    top.set_ylabel('Depth (m)')
    top.set_title('Prediction')
    bottom.imshow(true_sec.T, vmin=lo, vmax=hi, extent=(0,35000,15000,0))
    bottom.set_aspect(35/30)
    bottom.set_xlabel('Offset (m)')
    bottom.set_ylabel('Depth (m)')
    bottom.set_title('Reference')
    plt.show()




if __name__ == "__main__":
    ap = argparse.ArgumentParser(description='Settings')

    ap.add_argument('--epochs', nargs='?', type=int, default=900,
                    help='training epochs')
    ap.add_argument('--n_wells', nargs='?', type=int, default=12,
                    help='pseudo-wells taken from the section for training')
    ap.add_argument('--which', type=str, default='seam', choices=['seam', 'marmousi'],
                    help='which section to train on')


    args = ap.parse_args()

    fit(n_wells=args.n_wells, epochs=args.epochs, which=args.which)
    evaluate(n_wells=args.n_wells, epochs=args.epochs, which=args.which)

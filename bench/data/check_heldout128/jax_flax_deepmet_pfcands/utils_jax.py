import numpy as np
import matplotlib.pyplot as plt
import matplotlib as mpl
import pandas as pd

def load_h5_list(listfile):
    import h5py
    import os
    listing = open("%s"%listfile)
    n_read = 0
    for row in listing:
        path = row.rstrip()
        if path.startswith('#'):
            continue
        if not os.path.getsize(path):
            continue
        print("reading", path)
        fh = h5py.File( path, 'r')
        if n_read == 0:
           X = fh['X'][:]
           Y = fh['Y'][:]
    
        else:
           X = np.concatenate((X, fh['X']), axis=0)
           Y = np.concatenate((Y, fh['Y']), axis=0)
        fh.close()
        n_read += 1
    
    print("all files read")
    return X, Y

def build_features(X, EVT=None):
    """ turn raw PF candidate columns into network inputs """
    scale = 50.0

    dxy = X[:,:,5:6]
    dz  = X[:,:,6:7].clip(-100, 100)
    eta = X[:,:,3:4]
    mass = X[:,:,8:9]
    pt = X[:,:,0:1] / scale
    puppi = X[:,:,7:8]
    px = X[:,:,1:2] / scale
    py = X[:,:,2:3] / scale

    # zero out extreme values
    pt[ np.where(np.abs(pt>200)) ] = 0.
    px[ np.where(np.abs(px>200)) ] = 0.
    py[ np.where(np.abs(py>200)) ] = 0.

    if EVT is not None:
        # per-event quantities
        evt = EVT[:,0:4]
        evt_b = np.expand_dims(evt, axis=1)
        evt_b = np.repeat(evt_b, X.shape[1], axis=1)
        # px and py must stay the last two columns
        cont = np.concatenate((dxy, dz, eta, mass, pt, puppi, evt_b, px, py), axis=2)
    else:
        cont = np.concatenate((dxy, dz, eta, mass, pt, puppi, px, py), axis=2)

    cat_pdgid = X[:,:,11:12] # encoded pdgId
    cat_charge = X[:,:,12:13] # encoded charge
    cat_frompv = X[:,:,13:14] # encoded fromPV

    return cont, cat_pdgid, cat_charge, cat_frompv

def plot_losses(train_curve, val_curve, outdir):
    """Plot and save the loss curves"""
    mpl.use('Agg')
    
    ep = range(1, len(train_curve) + 1)
    
    plt.figure(figsize=(10, 6))
    plt.xlabel('Epoch')
    plt.ylabel('Loss')
    plt.plot(ep, train_curve, 'b-', label='train', linewidth=2)
    plt.plot(ep, val_curve, 'r-', label='validation', linewidth=2)
    plt.yscale('log')
    plt.legend()
    plt.grid(True, alpha=0.3)
    plt.title('loss curves')
    plt.tight_layout()
    plt.savefig(f'{outdir}/history.pdf', bbox_inches='tight', dpi=300)
    plt.savefig(f'{outdir}/history.png', bbox_inches='tight', dpi=300)
    plt.close()
    
    # also as csv
    table = pd.DataFrame({
        'epoch': ep,
        'train_loss': train_curve,
        'val_loss': val_curve
    })
    table.to_csv(f'{outdir}/loss_history.csv', index=False)
    
    print(f"curves written to {outdir}/")

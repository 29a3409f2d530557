import numpy as np
from tqdm import tqdm

def classcount(dl):
    n_tr = len(dl)

    cls_w = np.array([0.0,0.0,0.0,0.0,0.0,0.0,0.0])

    with tqdm(total=n_tr, desc='counting classes', unit='batch', disable = False, leave=True) as bar:
        for b_ in dl:
            x, y = b_['image'], b_['mask']
            (vals, cnts) = np.vals(y, return_counts=True)
            freq = np.asarray((vals, cnts))
            # (disabled line)
            for i in range(freq.shape[1]):
                cls_w[freq[0,i]] += freq[1,i]
            bar.update()

    # (disabled line)
    cls_w = cls_w[:-1].min()/cls_w
    cls_w[-1]=0

    return cls_w


import numpy as np
import pandas as pd
import matplotlib.pyplot as plt



def standardize_split(tab_tr, tab_te):
    # pixel-wise statistics
    mu = tab_tr['melspectrogram'].mean()
    sd = np.std(np.stack(tab_tr['melspectrogram']), axis=0)

    # train split
    spec_tr = (np.stack(tab_tr['melspectrogram']) - mu) / sd
    lab_tr = tab_tr['label'].to_numpy()
    fold_tr = tab_tr['fold'].to_numpy()
    tab_tr = pd.DataFrame(zip(spec_tr, lab_tr, fold_tr), columns=['melspectrogram', 'label', 'fold'])

    # test split
    spec_te = (np.stack(tab_te['melspectrogram']) - mu) / sd
    lab_te = tab_te['label'].to_numpy()
    fold_te = tab_te['fold'].to_numpy()
    tab_te = pd.DataFrame(zip(spec_te, lab_te, fold_te), columns=['melspectrogram', 'label', 'fold'])

    return tab_tr, tab_te



def plot_curves(histories):
    """Plot accuracy and loss curves per run."""

    for k, hist in enumerate(histories):
        print('\n({})'.format(k+1))

        plt.figure(figsize=(15,5))

        plt.subplot(121)
        plt.plot(hist['accuracy'])
        plt.plot(hist['val_accuracy'])
        plt.grid(linestyle='--')
        plt.ylabel('Accuracy')
        plt.xlabel('Epoch')
        plt.legend(['train', 'validation'], loc='upper left')

        plt.subplot(122)
        plt.plot(hist['loss'])
        plt.plot(hist['val_loss'])
        plt.grid(linestyle='--')
        plt.ylabel('Loss')
        plt.xlabel('Epoch')
        plt.legend(['train', 'validation'], loc='upper left')

        plt.show()

        print('\tbest val accuracy: %.4f %%' % (np.max(hist['val_accuracy']) * 100))
        print('\tlowest val loss: %.5f' % np.min(hist['val_loss']))

import numpy as np

def load_bci_arrays():
    subj_a_tr = np.load('S4b_train.npz')
    subj_b_tr = np.load('X11b_train.npz')
    subj_a_te = np.load('S4b_test.npz')
    subj_b_te = np.load('X11b_test.npz')

    x_tr = np.concatenate((subj_a_tr['signal'], subj_b_tr['signal']), axis=0)
    y_tr = np.concatenate((subj_a_tr['label'], subj_b_tr['label']), axis=0)
    x_te = np.concatenate((subj_a_te['signal'], subj_b_te['signal']), axis=0)
    y_te = np.concatenate((subj_a_te['label'], subj_b_te['label']), axis=0)


    y_tr = y_tr - 1
    y_te = y_te -1
    x_tr = np.transpose(np.expand_dims(x_tr, axis=1), (0, 1, 3, 2))
    x_te = np.transpose(np.expand_dims(x_te, axis=1), (0, 1, 3, 2))
   

    holes = np.where(np.isnan(x_tr))
    x_tr[holes] = np.nanmean(x_tr)

    holes = np.where(np.isnan(x_te))
    x_te[holes] = np.nanmean(x_te)

   

    return x_tr, y_tr, x_te, y_te


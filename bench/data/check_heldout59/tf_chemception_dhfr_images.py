import rdkit
from rdkit import Chem
from rdkit.Chem import AllChem
import pandas as pd
import numpy as np
import matplotlib
matplotlib.use('Qt4Agg')    # Qt4 backend: PyQt5 is missing on this machine
import matplotlib.pyplot as plt
print("rdkit %s"%rdkit.__version__)


import keras
from keras.models import Sequential, Model
from keras.layers import Conv2D, MaxPooling2D, Input, GlobalMaxPooling2D
from keras.layers.core import Dense, Dropout, Activation, Flatten
from keras.optimizers import Adam
from keras.preprocessing.image import ImageDataGenerator
from keras.callbacks import ReduceLROnPlateau
print("keras %s"%keras.__version__)


table = pd.read_hdf("Sutherland.h5","table")
table["mol"] = table["smiles"].apply(Chem.MolFromSmiles)


def mol_to_grid(mol, half_width=20.0, step=0.5):
    side = int(half_width*2/step)
    work = Chem.Mol(mol.ToBinary())
    work.ComputeGasteigerCharges()
    AllChem.Compute2DCoords(work)
    xyz = work.GetConformer(0).GetPositions()
    grid = np.zeros((side,side,4))
    #bond channel
    for i,bond in enumerate(mol.GetBonds()):
        order = bond.GetBondTypeAsDouble()
        a_idx = bond.GetBeginAtomIdx()
        b_idx = bond.GetEndAtomIdx()
        a_xyz = xyz[a_idx]
        b_xyz = xyz[b_idx]
        ts = np.linspace(0,1,int(1/step*2)) # points along the bond
        for f in ts:
            c = (f*a_xyz + (1-f)*b_xyz)
            idx = int(round((c[0] + half_width)/step))
            idy = int(round((c[1]+ half_width)/step))
            #bond order goes to channel 0
            grid[ idx , idy ,0] = order
    #atom channels
    for i,atom in enumerate(work.GetAtoms()):
            idx = int(round((xyz[i][0] + half_width)/step))
            idy = int(round((xyz[i][1]+ half_width)/step))
            #element
            grid[ idx , idy, 1] = atom.GetAtomicNum()
            #partial charge
            charge = atom.GetProp("_GasteigerCharge")
            grid[ idx , idy, 3] = charge
            #hybridisation
            hyb = atom.GetHybridization().real
            grid[ idx , idy, 2] = hyb
    return grid


# Quick look: turn one molecule into its 4-channel grid and show it.
# Coarser embedding/resolution than used for training; imshow only takes
# three channels, so the fourth is dropped for the picture.
mol = table["mol"][0]
v = mol_to_grid(mol, half_width=10, step=0.2)
print(v.shape)
plt.imshow(v[:,:,:3])


# Grid for every molecule, stored as a new dataframe column
def grid_default(mol):
    return mol_to_grid(mol, half_width=12)
table["molimage"] = table["mol"].apply(grid_default)

# The table carries a train/test flag; stack the grids into
# arrays of shape (n, h, w, c)
grids_tr = np.array(list(table["molimage"][table["split"]==1]))
grids_te = np.array(list(table["molimage"][table["split"]==0]))
print(grids_tr.shape)
print(grids_te.shape)


# Targets: DHFR IC50 values, log-transformed and robust-scaled
# to roughly [-1, 1] so the regression
# trains more easily.
target_col = "PC_uM_value"
ic50_tr = table[target_col][table["split"]==1].values.reshape(-1,1)
ic50_te = table[target_col][table["split"]==0].values.reshape(-1,1)
from sklearn.preprocessing import RobustScaler
scaler = RobustScaler(with_centering=True, with_scaling=True, quantile_range=(5.0, 95.0), copy=True)
t_tr = scaler.fit_transform(np.log(ic50_tr))
t_te = scaler.transform(np.log(ic50_te))
h = plt.hist(t_tr, bins=20)


in_shape = grids_tr.shape[1:]
print(in_shape)


def stem_block(input):
    br_a = Conv2D(16, (1, 1), padding='same', activation='relu')(input)
    br_a = Conv2D(16, (3, 3), padding='same', activation='relu')(br_a)
    br_b = Conv2D(16, (1, 1), padding='same', activation='relu')(input)
    br_b = Conv2D(16, (5, 5), padding='same', activation='relu')(br_b)
    br_c = Conv2D(16, (1, 1), padding='same', activation='relu')(input)
    output = keras.layers.concatenate([br_a, br_b, br_c], axis=-1)
    return output


def mixed_block(input):
    br_a = Conv2D(16, (1, 1), padding='same', activation='relu')(input)
    br_a = Conv2D(16, (3, 3), padding='same', activation='relu')(br_a)
    br_b = Conv2D(16, (1, 1), padding='same', activation='relu')(input)
    br_b = Conv2D(16, (5, 5), padding='same', activation='relu')(br_b)
    br_c = MaxPooling2D((3, 3), strides=(1, 1), padding='same')(input)
    br_c = Conv2D(16, (1, 1), padding='same', activation='relu')(br_c)
    output = keras.layers.concatenate([br_a, br_b, br_c], axis=-1)
    return output


grid_in = Input(shape=in_shape)
x = stem_block(grid_in)
x = mixed_block(x)
x = mixed_block(x)
side_now=int(x.shape[1])
x = MaxPooling2D(pool_size=(side_now,side_now), strides=(1,1))(x)
x = Flatten()(x)
x = Dense(100, activation='relu')(x)
output = Dense(1, activation='linear')(x)
net = Model(inputs=grid_in, outputs=output)
print(net.summary())


# Adam, mean absolute error.
opt = Adam(lr=0.00025)
net.compile(loss="mae", optimizer=opt)


# Augmentation: random rotations, shifts and flips of the grids
# so the network sees each molecule in many orientations;
# without it the net overfits almost at once. Stereo information
# is not encoded, so flipping is harmless here.
# The training arrays are repeated 50 times to get longer epochs.

from image import ImageDataGenerator
augmenter = ImageDataGenerator(rotation_range=180,
                               width_shift_range=0.1,height_shift_range=0.1,
                               fill_mode="constant",cval = 0,
                               horizontal_flip=True, vertical_flip=True,data_format='channels_last',
                               )
#50 stacked copies of the training set
grids_rep = np.concatenate([grids_tr]*50, axis=0)
t_rep = np.concatenate([t_tr]*50, axis=0)
batch_size=128
flow_it = augmenter.flow(grids_rep, t_rep, batch_size=batch_size, shuffle=True)
n_steps = 10000/batch_size



# Training, with the learning rate halved when the
# validation loss stops improving.
lr_cb = ReduceLROnPlateau(monitor='val_loss', factor=0.5,patience=10, min_lr=1e-6, verbose=1)
fit_hist = net.fit_generator(flow_it,
                              steps_per_epoch=len(grids_rep)//batch_size,
                              epochs=150,
                              validation_data=(grids_te,t_te),
                              callbacks=[lr_cb])

# Save the network and pickle the loss fit_hist.
run_name = "Chemception_std_notebook_demo"
net.save("%s.h5"%run_name)
curves = fit_hist.history
import pickle
pickle.dump(curves, file("%s_history.pickle"%run_name,"w"))
#from keras.model import load_model
#net = load_model("%s.h5"%run_name)


# Loss curves. The validation loss falls before the training loss:
# the validation grids are not augmented, so they are
# easier than the rotated training grids, which also carry
# interpolation artefacts at this resolution.
for label in ['val_loss','loss']:
    plt.plot(curves[label], label = label)
plt.legend()
plt.yscale("log")
plt.xlabel("Epochs")
plt.ylabel("Loss/lr")

# Parity plot and scores
pred_tr = scaler.inverse_transform(net.predict(grids_tr))
pred_te = scaler.inverse_transform(net.predict(grids_te))
plt.scatter(np.log(ic50_tr), pred_tr, label="Train")
plt.scatter(np.log(ic50_te), pred_te, label="Test")
plt.xlabel("log(PC_uM)")
plt.ylabel("predicted")
plt.plot([-10,6],[-10,6])
plt.legend()

r2 = np.corrcoef(np.log(ic50_te).reshape(1,-1), pred_te.reshape(1,-1))[0][1]**2
rmse_val = np.mean((np.log(ic50_te) - pred_te)**2)**0.5
print("R2 : %0.2F"%r2)
print("RMSE : %0.2F"%rmse_val)


# Looking inside
# Feed one molecule through truncated models and show
# intermediate feature maps; compound 143 has the lowest IC50.
pick = 143
pick_grid = np.array(list(table["molimage"][pick:pick+1]))
mol = table["mol"][pick]

# the structure
from rdkit.Chem import Draw
Draw.MolToImage(mol)

# and its grid
plt.imshow(pick_grid[0,:,:,:3])

# output of layer 2 (a 1x1 conv in front of the 3x3 branch)
probe = Model(inputs=net.input,
                    outputs=net.layers[2].output)
maps1 = probe.predict(pick_grid)[0]
def show_maps(maps):
    fig, axes = plt.subplots(2,3, figsize=(12,8))
    for i,ax in enumerate(axes.flatten()):
        ax.matshow(maps[:,:,i])
        ax.set_title("Kernel %s"%i)
show_maps(maps1)

# deeper layers
for layer in [7,13,15,19,20]:
    print("Layer %i"%layer)
    show_maps(Model(inputs=net.input,outputs=net.layers[layer].output).predict(pick_grid)[0])
    plt.show()








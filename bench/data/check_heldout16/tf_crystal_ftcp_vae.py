from data import *
from model import *
from utils import *
from sampling import *

import joblib
import numpy as np
import matplotlib.pyplot as plt

from keras import  optimizers
from keras.callbacks import ReduceLROnPlateau, LearningRateScheduler
from sklearn import metrics
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import MinMaxScaler

import joblib, json
import numpy as np
import pandas as pd
from functools import partial
from tqdm import tqdm
# keep tqdm on a single line
tqdm = partial(tqdm, position=0, leave=True)

from sklearn.preprocessing import OneHotEncoder

from pymatgen import Structure
from matminer.data_retrieval.retrieve_MP import MPDataRetrieval

def fetch_mp_table(mp_key, elm_cap=3, elm_floor=3, site_cap=20, with_thermo=False):
    """
    Fetch crystals from Materials Project.

    Arguments
    ---------
    mp_key : str
        personal API key.
    elm_cap : int
        largest element count kept.
        (3 if not given)
    elm_floor : int
        smallest element count kept.
        (3 if not given)
    site_cap : int
        largest site count kept.
        (20 if not given)
    with_thermo : bool
        join the thermoelectric table too (off by default)

    Gives
    -----
    a pandas table
        as built by the retrieval client.

    """
    mp_client = MPDataRetrieval(mp_key)
    # filters in Mongo query syntax
    filters = {
        'e_above_hull':{'$lte': 0.08}, # energy above hull, eV per atom
        'nelements': {'$gte': elm_floor, '$lte': elm_cap},
        'nsites':{'$lte': site_cap},
        }
    # fields to fetch (see the mapidoc repository of materialsproject for the list)
    wanted_fields = [
        'material_id',
        'formation_energy_per_atom',
        'band_gap',
        'pretty_formula',
        'e_above_hull',
        'elements',
        'cif',
        'spacegroup.number'
        ]
    # table with CIFs and ground-state targets
    crystal_data_df = mp_client.get_dataframe(
        criteria = filters,
        properties = wanted_fields,
        )
    crystal_data_df['ind'] = np.arange(len(crystal_data_df))
    
    if with_thermo:
        crystal_data_df['ind'] = np.arange(0, len(crystal_data_df))
        # thermoelectric table from the Dryad record doi:10.5061/dryad.gn001
        thermo_df = pd.read_csv('data/thermoelectric_prop.csv', index_col=0)
        thermo_df = thermo_df.dropna()
        # rows present in both tables
        shared_idx = crystal_data_df.index.intersection(thermo_df.index)
        # append those columns to the matching crystals
        crystal_data_df = pd.concat([crystal_data_df, thermo_df.loc[shared_idx,:]], axis=1)
        crystal_data_df['Seebeck'] = crystal_data_df['Seebeck'].apply(np.abs)
    
    return crystal_data_df

def crystals_to_ftcp(crystal_data_df, elm_cap=3, site_cap=20, with_site_counts=False):
    '''
    Turn every CIF of the table into its FTCP matrix.

    Arguments
    ---------
    crystal_data_df : pandas table
        crystals to encode;
        their CIF text sits in the 'cif' column.
    elm_cap : int
        largest element count in the table.
        (3 if not given)
    site_cap : int
        largest site count in the table.
        (20 if not given)
    with_site_counts : bool
        also give the site count of each crystal, used to score
        the rebuilt coordinates

    Gives
    -----
    ftcp_mats : ndarray
        stacked matrices, one per crystal.

    '''
    
    # silence library warnings
    import warnings
    warnings.filterwarnings("ignore")
    
    # element symbols used here
    element_list = joblib.load('data/element.pkl')
    # one-hot code per element
    element_onehot = np.arange(1, len(element_list)+1)[:,np.newaxis]
    element_onehot = OneHotEncoder().fit_transform(element_onehot).toarray()
    
    # per-element descriptors borrowed from CGCNN (txie-93/cgcnn)
    with open('data/atom_init.json') as fh:
        element_props = json.load(fh)
    element_props = {int(atom_no): props_vec for atom_no, props_vec in element_props.items()}
    
    # collected matrices
    ftcp_mats = []
    if with_site_counts:
        site_counts = []
    # loop over every crystal
    progress = tqdm(crystal_data_df.index)
    for row_id in progress:
        progress.set_description('encoding crystals')
        
        struct = Structure.from_str(crystal_data_df['cif'][row_id],fmt="cif")
        
        # element block
        elements, first_pos = np.unique(struct.atomic_numbers, return_index=True)
        # keep elements in CIF site order
        site_elements = np.array(struct.atomic_numbers)
        elements = site_elements[np.sort(first_pos)]
        # at least 3 columns, zero filled
        ELEM_MAT = np.zeros((len(element_onehot), max(elm_cap, 3),))
        ELEM_MAT[:, :len(elements)] = element_onehot[elements-1,:].T
        
        # lattice block
        lattice_ = struct.lattice
        LATT_MAT = np.array((lattice_.abc, lattice_.angles))
        LATT_MAT = np.pad(LATT_MAT, ((0, 0), (0, max(elm_cap, 3)-LATT_MAT.shape[1])), constant_values=0)
        
        # fractional coordinates block
        COORDS = np.array([s_.frac_coords for s_ in struct])
        # zero fill to site_cap rows and elm_cap columns
        COORDS = np.pad(COORDS, ((0, site_cap-COORDS.shape[0]), 
                                       (0, max(elm_cap, 3)-COORDS.shape[1])), constant_values=0)
        
        # occupancy block
        site_to_elem = np.zeros(len(struct), dtype=int) # element index of every site
        for pos, z in enumerate(elements):
            site_to_elem[np.argwhere(site_elements == z)] = pos
        OCCUPANCY = OneHotEncoder().fit_transform(site_to_elem[:,np.newaxis]).toarray()
        # zero fill to at least 3 columns and site_cap rows
        OCCUPANCY = np.pad(OCCUPANCY, ((0, site_cap-OCCUPANCY.shape[0]),
                                       (0, max(elm_cap, 3)-OCCUPANCY.shape[1])), constant_values=0)
        
        # element property block
        PROP_MAT = np.zeros((len(element_props[1]), max(elm_cap, 3),))
        PROP_MAT[:, :len(elements)] = np.array([element_props[z] for z in elements]).T
        
        # real-space part; the extra zero row lines up with the k-point distance row
        REAL_PART = np.concatenate((ELEM_MAT, LATT_MAT, COORDS, OCCUPANCY, np.zeros((1, max(elm_cap, 3))), PROP_MAT), axis=0)
        
        # reciprocal-space part
        recip = lattice_.reciprocal_lattice_crystallographic
        # small sphere first, larger one if it holds too few points
        millers, k_dist, shared_idx, _ = recip.get_points_in_sphere([[0, 0, 0]], [0, 0, 0], 1.297, zip_results=False)
        if len(millers) < 60:
            millers, k_dist, shared_idx, _ = recip.get_points_in_sphere([[0, 0, 0]], [0, 0, 0], 1.4, zip_results=False)
        # remove the origin
        nonzero_k = k_dist!=0
        millers = millers[nonzero_k,:]
        k_dist = k_dist[nonzero_k]
        # integer Miller indices
        millers = millers.astype('int16')
        # order the points
        miller_l1 = np.sum(np.abs(millers),axis=1)
        mh = -millers[:,0]
        mk = -millers[:,1]
        ml = -millers[:,2]
        k_order = np.lexsort((ml,mk,mh,miller_l1))
        # nearest 59 points
        k_order = k_order[:59]
        millers = millers[k_order,:]
        k_dist = k_dist[k_order]
        # phases k.r for every point and site at once
        phase = np.einsum('ij,kj->ik', millers, COORDS[:, :3]) # points x sites
        # structure-factor-like block
        fourier = np.matmul(np.pad(PROP_MAT[:,site_to_elem], ((0, 0),
                                                           (0, site_cap-len(site_to_elem))), constant_values=0),
                          np.pi*phase.T)
        
        # reciprocal block
        RECIP_PART = np.zeros((REAL_PART.shape[0], 59,))
        # first row holds the distances, the rest the transform
        RECIP_PART[-PROP_MAT.shape[0]-1, :] = k_dist
        RECIP_PART[-PROP_MAT.shape[0]:, :] = fourier
        
        # join both parts and keep it
        ftcp_mats.append(np.concatenate([REAL_PART, RECIP_PART], axis=1))
        
        if with_site_counts:
            site_counts.append(len(struct))
    ftcp_mats = np.stack(ftcp_mats)
    
    if not with_site_counts:
        return ftcp_mats
    else:
        return ftcp_mats, np.array(site_counts)
import numpy as np

from sklearn.preprocessing import MinMaxScaler


def pad_cols(ftcp_mats, extra_cols):
    '''
    Append zero columns along axis 1.

    Arguments
    ---------
    ftcp_mats : ndarray
        the stacked matrices.
    extra_cols : int
        how many zero columns to add.

    Gives
    -----
    ftcp_mats : ndarray
        the widened array.

    '''
    
    ftcp_mats = np.pad(ftcp_mats, ((0, 0), (0, extra_cols), (0, 0)), constant_values=0)
    return ftcp_mats

def scale_minmax(ftcp_mats):
    '''
    Scale every row index of axis 1 to [0, 1] across crystals and columns.

    Arguments
    ---------
    ftcp_mats : ndarray
        the stacked matrices.

    Gives
    -----
    normed : ndarray
        the scaled array.
    mm_scaler : MinMaxScaler
        the fitted scaler.

    '''
    
    n0, n1, n2 = ftcp_mats.shape
    mm_scaler = MinMaxScaler()
    flat = np.transpose(ftcp_mats, (1, 0, 2))
    flat = flat.reshape(n1, n0*n2)
    flat = mm_scaler.fit_transform(flat.T)
    flat = flat.T
    flat = flat.reshape(n1, n0, n2)
    normed = np.transpose(flat, (1, 0, 2))
    

# ternary and quaternary crystals, at most 40 sites
elm_cap = 4
elm_floor = 3
site_cap = 40
# put a personal Materials Project key here
mp_key = 'YourAPIKey'
crystal_data_df = fetch_mp_table(mp_key, elm_cap, elm_floor, site_cap)

# crystal matrices
ftcp_data, site_counts = crystals_to_ftcp(crystal_data_df, elm_cap, site_cap, with_site_counts=True)
# pad and scale them into the inputs
ftcp_data = pad_cols(ftcp_data, 2)
X_scaled, X_scaler = scale_minmax(ftcp_data)

# targets from the table
target_cols = ['formation_energy_per_atom', 'band_gap',]
Y_props = crystal_data_df[target_cols].values
y_scaler = MinMaxScaler()
Y_props = y_scaler.fit_transform(Y_props) 


# random train/test split of the rows
train_idx, test_idx = train_test_split(np.arange(len(Y_props)), test_size=0.2, random_state=21)
train_X, test_X = X_scaled[train_idx], X_scaled[test_idx]
train_y, test_y = Y_props[train_idx], Y_props[test_idx]

# build the VAE
vae_model, enc_model, dec_model, reg_model, vae_loss_fn = FTCP(train_X, train_y, coeffs=(2, 10,))
# optimise
plateau_cb = ReduceLROnPlateau(monitor='loss', factor=0.3, patience=4, min_lr=1e-6)
def lr_by_epoch(epoch_no, rate):
    if epoch_no == 50:
        rate = 1e-4
    elif epoch_no == 100:
        rate = 5e-5
    return rate
sched_cb = LearningRateScheduler(lr_by_epoch)

vae_model.compile(optimizer=optimizers.rmsprop(lr=5e-4), loss=vae_loss_fn)
vae_model.fit([train_X, train_y], 
        train_X,
        shuffle=True, 
        batch_size=256,
        epochs=200,
        callbacks=[plateau_cb, sched_cb],
        )


import pandas as pd
import numpy as np

from imblearn.over_sampling import SMOTE

from package.util import log_info


def fillna(tr_frame, te_frame, every_column=False):
    log_info('replacing -1 placeholders')

    feat_names = [c for c in tr_frame.columns if c not in ['id','target']]
    both_frame = pd.concat([tr_frame[feat_names], te_frame[feat_names]])

    cat_feats = []
    bin_feats = []
    num_feats = []
    for nm in feat_names:
        if 'cat' in nm:
            cat_feats.append(nm)
        elif 'bin' in nm:
            bin_feats.append(nm)
        else:
            num_feats.append(nm)

    for cf in cat_feats:
        '''
        (an earlier mode-fill variant, switched off)



        '''
        tr_frame[cf] = tr_frame[cf].replace(-1,
            both_frame[cf].mode()[0])
        te_frame[cf] = te_frame[cf].replace(-1,
            both_frame[cf].mode()[0])

    if every_column:
        '''
        (an earlier mode-fill variant, switched off)




        '''

        for nf in num_feats:
            tr_frame[nf] = tr_frame[nf].replace(-1,
                both_frame[nf].median())
            te_frame[nf] = te_frame[nf].replace(-1,
                both_frame[nf].median())

    return tr_frame, te_frame

def drop_calc(tr_frame, te_frame):
    log_info('dropping calc columns')

    feat_names = [c for c in tr_frame.columns if c not in ['id','target']]

    calc_feats = []
    for nm in feat_names:
        if 'calc' in nm and not 'made' in nm:
            calc_feats.append(nm)

    tr_frame = tr_frame.drop(calc_feats, axis=1)
    te_frame = te_frame.drop(calc_feats, axis=1)

    return tr_frame, te_frame

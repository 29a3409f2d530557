from pathlib import Path
import datatable as dt
from sklearn.model_selection import train_test_split
from torch.utils.data import DataLoader
import time
# project modules
from  dataset.SAKTDataset import SAKTDataset
from  network.SAKTModel import SAKTModel
from  tools.train import do_train

SEQ_CAP = 180
MIN_HISTORY = 4
EMB_DIM = 128
BS = 64

def main():
    root = Path('/home/increase/deeplearning/datasets/kaggle')
    assert root.exists()
    col_types = {
        'content_type_id': 'bool',
        'timestamp': 'int64',
        'user_id': 'int32',
        'content_id': 'int16',
        'answered_correctly': 'int8',
        'prior_question_elapsed_time': 'float32',
        'prior_question_had_explanation': 'bool'
    }
    label_col = 'answered_correctly'
    log = dt.fread(root / 'riiid-test-answer-prediction/train.csv',
                        columns=set(col_types.keys())).to_pandas()
    print('interaction log read.')
    log = log[log.content_type_id == False]
    # oldest first
    log = log.sort_values(['timestamp'], ascending=True).reset_index(drop=True)
    del log['timestamp']
    del log['content_type_id']
    n_items = log["content_id"].nunique()
    print("distinct questions:", n_items)
    per_user = log[['user_id', 'content_id', 'answered_correctly']].groupby('user_id').apply(
        lambda g: (g['content_id'].values, g['answered_correctly'].values))
    del log
    HOLD_SHARE = 0.1
    fit_users, hold_users = train_test_split(per_user, test_size=HOLD_SHARE, random_state=5)
    fit_set = SAKTDataset(fit_users, n_items, max_seq=SEQ_CAP)
    fit_loader = DataLoader(fit_set, batch_size=BS, shuffle=True, num_workers=8)
    del fit_users
    hold_set = SAKTDataset(hold_users, n_items, max_seq=SEQ_CAP)
    hold_loader = DataLoader(hold_set, batch_size=BS, shuffle=True, num_workers=8)
    del hold_users

    # the attention model
    net = SAKTModel(n_items, max_seq=SEQ_CAP, embed_dim=EMB_DIM, forward_expansion=1, enc_layers=2, heads=8, dropout=0.1)
    t0 = time.time()
    do_train(net,fit_loader,hold_loader,10, 2e-3, './ckpt/sakt.pth')
    t1 = time.time()
    print('training took {} min'.format((t1-t0)/60.0))

if __name__=='__main__':
    main()

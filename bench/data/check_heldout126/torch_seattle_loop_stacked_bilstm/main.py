# -*- coding: utf-8 -*-
"""
Seattle loop-detector speed forecasting: window building and the training call.

PyTorch version.
"""

from train_loops import *

def make_loaders(speed_df, BS = 40, n_in = 10, n_out = 1, frac_fit = 0.7, frac_check = 0.2):
    """ Cut a time x detector speed table into windows and wrap them in loaders.
    
    Rows of speed_df are time steps, columns are detectors; every window of
    n_in rows becomes one input and the next n_out rows its target.
    
    
    Args:
        speed_df: time x detector table of speeds
        n_in: steps per input window
        n_out: steps per target
    Returns:
        loaders for fit, check and hold-out parts
        and the scaling constant
    """
    n_time = speed_df.shape[0]
    
    speed_df = speed_df.clip(0, 100)
    
    top_speed = speed_df.max().max()
    speed_df =  speed_df / top_speed
    
    win_x, win_y = [], []
    for t in range(n_time - n_in - n_out):
        win_x.append(speed_df.iloc[t:t+n_in].values)
        win_y.append(speed_df.iloc[t+n_in:t+n_in+n_out].values)
    win_x, win_y = np.asarray(win_x), np.asarray(win_y)
    
    # random permutation, then cut into fit / check / hold-out parts
    n_win = win_x.shape[0]
    perm = np.arange(n_win, dtype = int)
    np.random.shuffle(perm)
    
    cut_fit = int(np.floor(n_win * frac_fit))
    cut_check = int(np.floor(n_win * ( frac_fit + frac_check)))
    
    x_fit, y_fit = win_x[:cut_fit], win_y[:cut_fit]
    x_chk, y_chk = win_x[cut_fit:cut_check], win_y[cut_fit:cut_check]
    x_hold, y_hold = win_x[cut_check:], win_y[cut_check:]
    
    x_fit, y_fit = torch.Tensor(x_fit), torch.Tensor(y_fit)
    x_chk, y_chk = torch.Tensor(x_chk), torch.Tensor(y_chk)
    x_hold, y_hold = torch.Tensor(x_hold), torch.Tensor(y_hold)
    
    ds_fit = utils.TensorDataset(x_fit, y_fit)
    ds_chk = utils.TensorDataset(x_chk, y_chk)
    ds_hold = utils.TensorDataset(x_hold, y_hold)
    
    fit_loader = utils.DataLoader(ds_fit, batch_size = BS, shuffle=True, drop_last = True)
    check_loader = utils.DataLoader(ds_chk, batch_size = BS, shuffle=True, drop_last = True)
    hold_loader = utils.DataLoader(ds_hold, batch_size = BS, shuffle=True, drop_last = True)
    
    return fit_loader, check_loader, hold_loader, top_speed

if __name__ == "__main__":
    
    source = 'loop'
    if source == 'inrix':
        speed_df =  pd.read_pickle('../../../Data_Warehouse/Data_network_traffic/inrix_seattle_speed_matrix_2012')
    
    elif source == 'loop':
        speed_df =  pd.read_pickle('../../../Data_Warehouse/Data_network_traffic/speed_matrix_2015')
    
    fit_loader, check_loader, hold_loader, top_speed = make_loaders(speed_df)
    
#    plain_net, plain_log = fit_plain_lstm(fit_loader, check_loader, n_epochs = 10)
    
#    bi_net, bi_log = fit_bidir_lstm(fit_loader, check_loader, n_epochs = 10)
    
    stacked_net, stacked_log = fit_stacked_bidir_lstm(fit_loader, check_loader, n_epochs = 10)
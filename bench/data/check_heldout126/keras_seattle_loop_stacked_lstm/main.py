# -*- coding: utf-8 -*-
"""
Speed forecasting on the Seattle loop network with stacked LSTMs (Keras).

"""

from models import * 

def build_windows(speed_df, lag):
    detectors = speed_df.columns.values
    timestamps = speed_df.index.values
    n_det = len(detectors)
    n_time = len(timestamps)
    
    speed_df = speed_df.iloc[:,:].values
    
    windows = []
    targets = []
    hours = []
    weekdays = []

    for t in range(n_time - lag ):
        windows.append(speed_df[t : t + lag])
        targets.append(speed_df[t + lag])
        ts = timestamps[t + lag]
        hours.append(float(ts[11:13]))
        wd = datetime.datetime.strptime(ts[0:10], '%Y-%M-%d').strftime('%w')
        weekdays.append(float(wd))

    windows = np.array(windows)
    targets = np.array(targets)
    hours = np.array(hours)
    weekdays = np.array(weekdays)
    return windows, targets, hours, weekdays

def split_sets(x_all, y_all, hour_all, wday_all, p_train = 0.7, p_valid = 0.2, p_test = 0.1):
    count = y_all.shape[0]
    order = np.arange(count)
    rng = RandomState(1024)
    rng.shuffle(order)
    cut_a = int(float(count) * p_train)
    cut_b = int(float(count) * (p_train + p_valid))
    print ('split fractions (train/valid/test):', p_train, p_valid, p_test)
    idx_tr = order[:cut_a]
    idx_va = order[cut_a:cut_b]
    idx_te = order[cut_b:]
    x_tr = x_all[idx_tr]
    x_va = x_all[idx_va]
    x_te = x_all[idx_te]
    y_tr = y_all[idx_tr]
    y_va = y_all[idx_va]
    y_te = y_all[idx_te]
    hour_tr = hour_all[idx_tr]
    hour_va = hour_all[idx_va]
    hour_te = hour_all[idx_te]
    wday_tr = wday_all[idx_tr]
    wday_va = wday_all[idx_va]
    wday_te = wday_all[idx_te]
    return x_tr, x_va, x_te, \
            y_tr, y_va, y_te, \
            hour_tr, hour_va, hour_te, \
            wday_tr, wday_va, wday_te
            
def report_errors(y_true_scaled, y_hat, top, model_name = 'default', epochs = 30, model_time_lag = 10):

    n_rows = y_true_scaled.shape[0]
    n_loops = y_true_scaled.shape[1]

    abs_total = np.zeros(n_rows)
    rel_total = np.zeros(n_rows)

    for k in range(n_loops):
        real = y_true_scaled[:,k] * top
        guess = y_hat[:,k] * top
        gap = np.abs( real - guess )
        rel = gap / real
        abs_total += gap
        rel_total += rel
        
    mae_rows = abs_total / n_loops
    mape_rows = rel_total / n_loops * 100
    
    print('mean abs err:', round(np.mean(mae_rows),3), 'mean pct err:', round(np.mean(mape_rows),3), 'spread of abs err:', round(np.std(mae_rows),3))
    print('epochs run:' , epochs)


if __name__ == "__main__":
    
    #######################################################
    # read the 2015 loop speed table
    #######################################################
    speed_df = pd.read_pickle('../../../Data_Warehouse/Data_network_traffic//speed_matrix_2015')
    print('speed table:', speed_df.shape)
    loop_ids = speed_df.columns.values
    
    lag = 10
    print('lag steps:', lag)
    
    x_all, y_all, hour_all, wday_all = build_windows(speed_df, lag)
    print('windows:', x_all.shape, 'targets:', y_all.shape)
    
    #######################################################
    # random split into train / valid / test
    #######################################################
    x_tr, x_va, x_te, \
        y_tr, y_va, y_te, \
        hour_tr, hour_va, hour_te, \
        wday_tr, wday_va, wday_te \
                    = split_sets(x_all, y_all, hour_all, wday_all, p_train = 0.9, p_valid = 0.0, p_test = 0.1)
    print('train:', x_tr.shape, y_tr.shape)
    print('valid:', x_va.shape, y_va.shape)
    print('test:' , x_te.shape,  y_te.shape)
    
    #######################################################
    # keep speeds inside 0..100
    # and find the top value for scaling
    #######################################################
    x_tr = np.clip(x_tr, 0, 100)
    x_te = np.clip(x_te, 0, 100)

    top = np.max([np.max(x_tr), np.max(x_te)])
    bottom = np.min([np.min(x_tr), np.min(x_te)])
    print('largest speed:', top)
    
    #######################################################
    # scale to the unit range
    #######################################################
    x_tr_s = x_tr / top
    x_te_s = x_te / top
    
    y_tr_s = y_tr / top
    y_te_s = y_te / top
    
    n_epochs = 100
    wait = 20
    
    print("#######################################################")
    print("two-layer masked LSTM")
    print("lag", lag)
    net_2l, log_2l = fit_two_layer_lstm_masked(x_tr_s, y_tr_s, epochs = n_epochs)
    net_2l.save('stacked_lstm_' + str(len(log_2l.losses))+ 'ep' + '_lag' + str(lag)+ '.h5')
    y_hat_te = net_2l.predict(x_te_s)
    report_errors(y_te_s, y_hat_te, top, model_name = 'default', epochs = len(log_2l.losses), model_time_lag = 10)

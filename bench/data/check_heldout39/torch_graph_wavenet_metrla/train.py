import torch
import numpy as np
import argparse
import time
import util
import matplotlib.pyplot as plt
from gw_engine import GWTrainer

cli = argparse.ArgumentParser()
cli.add_argument('--device',type=str,default='cuda:3',help='')
cli.add_argument('--data',type=str,default='data/METR-LA',help='folder of the split npz files')
cli.add_argument('--adjdata',type=str,default='data/sensor_graph/adj_mx.pkl',help='pickled sensor adjacency')
cli.add_argument('--adjtype',type=str,default='doubletransition',help='how to normalise the adjacency')
cli.add_argument('--gcn_bool',action='store_true',help='use the graph convolution layers')
cli.add_argument('--aptonly',action='store_true',help='learn the adjacency only')
cli.add_argument('--addaptadj',action='store_true',help='add a learned adjacency')
cli.add_argument('--randomadj',action='store_true',help='start the learned adjacency at random')
cli.add_argument('--seq_length',type=int,default=12,help='')
cli.add_argument('--nhid',type=int,default=32,help='')
cli.add_argument('--in_dim',type=int,default=2,help='input feature channels')
cli.add_argument('--num_nodes',type=int,default=207,help='sensor count')
cli.add_argument('--batch_size',type=int,default=64,help='samples per batch')
cli.add_argument('--learning_rate',type=float,default=0.001,help='step size')
cli.add_argument('--dropout',type=float,default=0.3,help='dropout probability')
cli.add_argument('--weight_decay',type=float,default=0.0001,help='L2 penalty')
cli.add_argument('--epochs',type=int,default=100,help='')
cli.add_argument('--print_every',type=int,default=50,help='')
# a seed option used to live here
cli.add_argument('--save',type=str,default='./garage/metr',help='checkpoint prefix')
cli.add_argument('--expid',type=int,default=1,help='run number')

opts = cli.parse_args()




def run_main():
    # seeding is off
    # (no torch seed)
    # (no numpy seed)
    # read the splits
    run_device = torch.device(opts.device)
    sensor_id_list, sensor_index, adj_matrices = util.read_adj(opts.adjdata,opts.adjtype)
    data_splits = util.read_dataset_splits(opts.data, opts.batch_size, opts.batch_size, opts.batch_size)
    norm_scaler = data_splits['scaler']
    support_mats = [torch.tensor(ep).to(run_device) for ep in adj_matrices]

    print(opts)

    if opts.randomadj:
        adj_init = None
    else:
        adj_init = support_mats[0]

    if opts.aptonly:
        support_mats = None



    gw_engine = GWTrainer(norm_scaler, opts.in_dim, opts.seq_length, opts.num_nodes, opts.nhid, opts.dropout,
                         opts.learning_rate, opts.weight_decay, run_device, support_mats, opts.gcn_bool, opts.addaptadj,
                         adj_init)


    print("training begins",flush=True)
    val_loss_hist =[]
    val_seconds = []
    train_seconds = []
    for ep in range(1,opts.epochs+1):
        # a step decay was tried here:
            #   every 10 epochs divide the rate by ten
            #   and write it into each group
                #   of the optimizer
        train_losses = []
        train_mapes = []
        train_rmses = []
        tic = time.time()
        data_splits['train_loader'].reshuffle()
        for step, (x_np, y_np) in enumerate(data_splits['train_loader'].batch_iter()):
            train_x = torch.Tensor(x_np).to(run_device)
            train_x= train_x.transpose(1, 3)
            train_y = torch.Tensor(y_np).to(run_device)
            train_y = train_y.transpose(1, 3)
            step_metrics = gw_engine.train_step(train_x, train_y[:,0,:,:])
            train_losses.append(step_metrics[0])
            train_mapes.append(step_metrics[1])
            train_rmses.append(step_metrics[2])
            if step % opts.print_every == 0 :
                msg_fmt = 'step {:03d} | train loss {:.4f} | train MAPE {:.4f} | train RMSE {:.4f}'
                print(msg_fmt.format(step, train_losses[-1], train_mapes[-1], train_rmses[-1]),flush=True)
        toc = time.time()
        train_seconds.append(toc-tic)
        # pass over the validation split
        valid_losses = []
        valid_mapes = []
        valid_rmses = []


        v_tic = time.time()
        for step, (x_np, y_np) in enumerate(data_splits['val_loader'].batch_iter()):
            test_x = torch.Tensor(x_np).to(run_device)
            test_x = test_x.transpose(1, 3)
            test_y = torch.Tensor(y_np).to(run_device)
            test_y = test_y.transpose(1, 3)
            step_metrics = gw_engine.eval_step(test_x, test_y[:,0,:,:])
            valid_losses.append(step_metrics[0])
            valid_mapes.append(step_metrics[1])
            valid_rmses.append(step_metrics[2])
        v_toc = time.time()
        msg_fmt = 'epoch {:03d} validation took {:.4f} s'
        print(msg_fmt.format(ep,(v_toc-v_tic)))
        val_seconds.append(v_toc-v_tic)
        mean_train_loss = np.mean(train_losses)
        mean_train_mape = np.mean(train_mapes)
        mean_train_rmse = np.mean(train_rmses)

        mean_valid_loss = np.mean(valid_losses)
        mean_valid_mape = np.mean(valid_mapes)
        mean_valid_rmse = np.mean(valid_rmses)
        val_loss_hist.append(mean_valid_loss)

        msg_fmt = 'epoch {:03d} | train loss {:.4f} MAPE {:.4f} RMSE {:.4f} | valid loss {:.4f} MAPE {:.4f} RMSE {:.4f} | {:.4f} s per epoch'
        print(msg_fmt.format(ep, mean_train_loss, mean_train_mape, mean_train_rmse, mean_valid_loss, mean_valid_mape, mean_valid_rmse, (toc - tic)),flush=True)
        torch.save(gw_engine.gw_model.state_dict(), opts.save+"_epoch_"+str(ep)+"_"+str(round(mean_valid_loss,2))+".pth")
    print("mean epoch training time {:.4f} s".format(np.mean(train_seconds)))
    print("mean validation time {:.4f} s".format(np.mean(val_seconds)))

    # score the best checkpoint on the test split
    best_idx = np.argmin(val_loss_hist)
    gw_engine.gw_model.load_state_dict(torch.load(opts.save+"_epoch_"+str(best_idx+1)+"_"+str(round(val_loss_hist[best_idx],2))+".pth"))


    test_outputs = []
    real_test_y = torch.Tensor(data_splits['y_test']).to(run_device)
    real_test_y = real_test_y.transpose(1,3)[:,0,:,:]

    for step, (x_np, y_np) in enumerate(data_splits['test_loader'].batch_iter()):
        test_x = torch.Tensor(x_np).to(run_device)
        test_x = test_x.transpose(1,3)
        with torch.no_grad():
            test_preds = gw_engine.gw_model(test_x).transpose(1,3)
        test_outputs.append(test_preds.squeeze())

    test_yhat = torch.cat(test_outputs,dim=0)
    test_yhat = test_yhat[:real_test_y.size(0),...]


    print("done training")
    print("lowest validation loss:", str(round(val_loss_hist[best_idx],4)))


    horizon_mae = []
    horizon_mape = []
    horizon_rmse = []
    for ep in range(12):
        pred_h = norm_scaler.denormalize_arr(test_yhat[:,:,ep])
        real_h = real_test_y[:,:,ep]
        step_metrics = util.score_metrics(pred_h,real_h)
        msg_fmt = 'horizon {:d} on the test split | MAE {:.4f} | MAPE {:.4f} | RMSE {:.4f}'
        print(msg_fmt.format(ep+1, step_metrics[0], step_metrics[1], step_metrics[2]))
        horizon_mae.append(step_metrics[0])
        horizon_mape.append(step_metrics[1])
        horizon_rmse.append(step_metrics[2])

    msg_fmt = 'mean of the 12 horizons | MAE {:.4f} | MAPE {:.4f} | RMSE {:.4f}'
    print(msg_fmt.format(np.mean(horizon_mae),np.mean(horizon_mape),np.mean(horizon_rmse)))
    torch.save(gw_engine.gw_model.state_dict(), opts.save+"_exp"+str(opts.expid)+"_best_"+str(round(val_loss_hist[best_idx],2))+".pth")



if __name__ == "__main__":
    tic = time.time()
    run_main()
    toc = time.time()
    print("wall time {:.4f}".format(toc-tic))

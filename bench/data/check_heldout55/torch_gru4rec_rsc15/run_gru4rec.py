import argparse
import torch
import sessrec
import numpy as np
import os
import datetime

cli = argparse.ArgumentParser()
cli.add_argument('--hidden_size', default=100, type=int) # 100 worked better than 1000
cli.add_argument('--num_layers', default=3, type=int) # stacked GRU layers
cli.add_argument('--batch_size', default=50, type=int) # sessions processed in parallel
cli.add_argument('--dropout_input', default=0, type=float) # dropout; TOP-style losses like more
cli.add_argument('--dropout_hidden', default=0.5, type=float) # dropout; TOP-style losses like more
cli.add_argument('--n_epochs', default=5, type=int) # passes over the click log
cli.add_argument('--k_eval', default=20, type=int) # cutoff for recall@K and mrr@K
# optimiser settings
cli.add_argument('--optimizer_type', default='Adagrad', type=str) # Adagrad by default
cli.add_argument('--final_act', default='tanh', type=str) # activation on the output scores
cli.add_argument('--lr', default=0.01, type=float) # step size, 0.01-0.05 is typical
cli.add_argument('--weight_decay', default=0, type=float) # L2 off
cli.add_argument('--momentum', default=0, type=float) # momentum off
cli.add_argument('--eps', default=1e-6, type=float) # unused
cli.add_argument("-seed", type=int, default=22, help="random seed") # seed
cli.add_argument("-sigma", type=float, default=None, help="uniform init bound; -1: symmetric glorot, -2: positive glorot") # init range

# ---- optional item embedding ----
cli.add_argument("--embedding_dim", type=int, default=-1, help="embedding width, -1 feeds one-hot vectors") 
# ---- optional item embedding ----

# ranking loss
cli.add_argument('--loss_type', default='TOP1-max', type=str) # TOP1, BPR, TOP1-max or BPR-max
# misc
cli.add_argument('--time_sort', default=False, type=bool) # order sessions by their first click
cli.add_argument('--model_name', default='GRU4REC-CrossEntropy', type=str)
cli.add_argument('--save_dir', default='models', type=str)
cli.add_argument('--data_folder', default='../Dataset/RecSys_Dataset_After/', type=str)
cli.add_argument('--train_data', default='recSys15TrainOnly.txt', type=str)
cli.add_argument('--valid_data', default='recSys15Valid.txt', type=str)
cli.add_argument("--is_eval", action='store_true') # score a saved model instead of training
cli.add_argument('--load_model', default=None,  type=str)
cli.add_argument('--checkpoint_dir', type=str, default='checkpoint')

# read the command line
opts = cli.parse_args()
opts.cuda = torch.cuda.is_available()
# seed numpy and torch
np.random.seed(opts.seed)
torch.manual_seed(opts.seed)


if opts.cuda:
    torch.cuda.manual_seed(opts.seed)

# run folder with the settings written out
def prepare_run_dir():
    print("SETTINGS" + "-"*10)
    t_now = datetime.datetime.now()
    stamp = '{:02d}{:02d}_{:02d}{:02d}'.format(t_now.month, t_now.day, t_now.hour, t_now.minute)
    save_dir = os.path.join(opts.checkpoint_dir, stamp)
    if not os.path.exists(opts.checkpoint_dir):
        os.mkdir(opts.checkpoint_dir)

    if not os.path.exists(save_dir):
        os.mkdir(save_dir)
    opts.checkpoint_dir = save_dir
    with open(os.path.join(opts.checkpoint_dir, 'parameter.txt'), 'w') as fh:
        for key, val in sorted(opts.__dict__.items()):
            print("{}={}".format(key.upper(), val))
            fh.write("{}={}\n".format(key.upper(), val))
    print("---------" + "-"*10)

# optional uniform init
def init_weights(net):
    if opts.sigma is not None:
        for w in net.parameters():
            if opts.sigma != -1 and opts.sigma != -2:
                bound = opts.sigma
                w.data.uniform_(-bound, bound)
            elif len(list(w.size())) > 1:
                bound = np.sqrt(6.0 / (w.size(0) + w.size(1)))
                if opts.sigma == -1:
                    w.data.uniform_(-bound, bound)
                else:
                    w.data.uniform_(0, bound)


def main():
    print("train clicks: {}".format(os.path.join(opts.data_folder, opts.train_data)))
    print("validation clicks: {}".format(os.path.join(opts.data_folder, opts.valid_data)))

    fit_clicks = sessrec.SessionClicks(os.path.join(opts.data_folder, opts.train_data))
    val_clicks = sessrec.SessionClicks(os.path.join(opts.data_folder, opts.valid_data), itemmap=fit_clicks.item_table)
    prepare_run_dir()
        
    # settings from the command line
    n_items_in = len(fit_clicks.items)
    n_hidden = opts.hidden_size
    n_layers = opts.num_layers
    n_items_out = n_items_in
    bs = opts.batch_size
    p_in = opts.dropout_input
    p_hid = opts.dropout_hidden
    emb_dim = opts.embedding_dim
    out_act = opts.final_act
    loss_kind = opts.loss_type
    opt_kind = opts.optimizer_type
    step = opts.lr
    wd = opts.weight_decay
    mom = opts.momentum
    tiny = opts.eps
    epochs_n = opts.n_epochs
    by_start = opts.time_sort
    # ranking loss
    rank_loss = sessrec.RankLoss(loss_type=loss_kind, use_cuda=opts.cuda) # cuda matters for cross-entropy only
    if not opts.is_eval: # train
        # network
        net = sessrec.GRUSessionNet(n_items_in, n_hidden, n_items_out, final_act=out_act,
                            num_layers=n_layers, use_cuda=opts.cuda, batch_size=bs,
                            dropout_input=p_in, dropout_hidden=p_hid, embedding_dim=emb_dim)
        # init
        init_weights(net)
        # optimiser
        opt = sessrec.OptimFactory(net.parameters(), optimizer_type=opt_kind, lr=step,
                                  weight_decay=wd, momentum=mom, eps=tiny)
        # loop object
        loop = sessrec.FitLoop(net, train_data=fit_clicks, eval_data=val_clicks, optim=opt,
                              use_cuda=opts.cuda, loss_func=rank_loss, batch_size=bs, args=opts)
        print('training')
        loop.train(0, epochs_n - 1)
    else: # evaluation only
        if opts.load_model is not None:
            print("restoring {}".format(opts.load_model))
            try:
                ckpt = torch.load(opts.load_model)
            except:
                ckpt = torch.load(opts.load_model, map_location=lambda st, lc: st)
            net = ckpt["model"]
            net.gru.flatten_parameters()
            scorer = sessrec.Scorer(net, rank_loss, use_cuda=opts.cuda, k = opts.k_eval)
            loss_v, recall_v, mrr_v = scorer.eval(val_clicks, bs)
            print("recall@K {:.2f}  mrr@K {:.2f}".format(recall_v, mrr_v))
        else:
            print("no saved model given")


if __name__ == '__main__':
    main()

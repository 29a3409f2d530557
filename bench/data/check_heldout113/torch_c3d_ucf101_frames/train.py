import torch
import torch.nn as nn
from torch.optim.lr_scheduler import ReduceLROnPlateau
# older loader kept for reference
from torch.utils.data import DataLoader
from torch.autograd import Variable
from tqdm import tqdm
from sklearn.names import accuracy_score, f1_score, hamming_loss, cohen_kappa_score, matthews_corrcoef

from paths_cfg import RUN_TAG
from dataset import FrameFolderClips
from net_defs import Small3DNet, NUM_CLASS
## ideas: grid search, experiment tracking

# %% settings
BS = 20
BASE_LR = 0.001
num_epochs = 50
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
USE_PRETRAINED = False
KEEP_BEST = True

def score_all(names, aggs, truth, guess):
    '''
    compute a set of named scores
    supported: f1 variants, kappa, accuracy, mcc, hamming
    names: f1_micro, f1_macro, f1_weighted, coh, acc, mat, hlm
    aggs: sum, avg
    returns a dict
    '''

    def f1_of(truth, guess, avg_kind):
        '''
            f1 with the given averaging
        truth: true labels
        guess: predicted labels
        avg_kind: micro / macro / weighted
        returns a float
        '''
        val = f1_score(truth, guess, average=avg_kind)
        return val

    def kappa_of(truth, guess):
        val = cohen_kappa_score(truth, guess)
        return val

    def acc_of(truth, guess):
        val = accuracy_score(truth, guess)
        return val

    def mcc_of(truth, guess):
        val = matthews_corrcoef(truth, guess)
        return val

    def hamming_of(truth, guess):
        val = hamming_loss(truth, guess)
        return val

    n_seen = 1
    total = 0
    mean = 0
    scores = {}
    for name in names:
        if name == 'f1_micro':
            # micro f1
            value = f1_of(truth, guess, 'micro')
        elif name == 'f1_macro':
            # macro f1
            value = f1_of(truth, guess, 'macro')
        elif name == 'f1_weighted':
            # weighted f1
            value = f1_of(truth, guess, 'weighted')
        elif name == 'coh':
             # kappa
            value = kappa_of(truth, guess)
        elif name == 'acc':
            # plain accuracy
            value = acc_of(truth, guess)
        elif name == 'mat':
            # mcc
            value = mcc_of(truth, guess)
        elif name == 'hlm':
            value = -hamming_of(truth, guess)
        else:
            value = 0

        scores[name] = value

        total = total + value
        n_seen = n_seen + 1

    if 'sum' in aggs:
        scores['sum'] = total
    if 'avg' in aggs and n_seen > 0:
        scores['avg'] = total/n_seen
    # done

    return scores

# %% helpers
def build_all(pretrained=False):
    '''
        build the network, optimiser,
        loss and scheduler
    '''

    if pretrained:
        net = USE_PRETRAINED
        net.fc = nn.Linear(net.fc.in_features, NUM_CLASS)
    else:
        net = Small3DNet()
        # alternative: the larger C3D

    net = net.to(device)

    opt = torch.optim.Adam(net.parameters(), lr=BASE_LR)
    loss_fn = nn.CrossEntropyLoss()
    # alternative: NLL loss

    sched = ReduceLROnPlateau(opt, mode='max', factor=0.5, patience=4, verbose=True)

    dump_summary(net)

    return net, opt, loss_fn, sched


def dump_summary(net):
    '''
      write the network layout to a file
    '''

    print(net, file=open('layout_{}.txt'.format(RUN_TAG), "w"))


# %% main loop
def run_training(num_epochs, metric_names, agg_names, select_by, USE_PRETRAINED=False):
    net, opt, loss_fn, sched = build_all(USE_PRETRAINED)
    print(net)
    # loaders over the frame folders
    fit_loader = DataLoader(FrameFolderClips(dataset='ucf101', split='run_training', clip_len=16),
                              batch_size=BS, shuffle=True, num_workers=4)
    eval_loader = DataLoader(FrameFolderClips(dataset='ucf101', split='test', clip_len=16),
                             batch_size=BS, shuffle=True, num_workers=4)

    best_score = -1
    bad_epochs = 0
    prev_eval_loss = 0

    for ep in range(num_epochs):
        fit_loss_sum, fit_steps = 0, 0
        net.run_training()
        fit_pred, fit_true = [], []

        with tqdm(total=len(fit_loader), desc="ep {}".format(ep)) as bar:
            for clips, targets in fit_loader:
                clips = Variable(clips, requires_grad=True).to(device)
                targets = Variable(targets).to(device)
                # plain .to(device) also works
                opt.zero_grad()
                logits = net(clips)  # raw scores

                batch_loss = loss_fn(logits, targets)  # CE applies log-softmax itself
                batch_loss.backward()
                opt.step()
                fit_loss_sum += batch_loss.item()
                fit_steps += 1
                # debug print
                bar.update(1)
                bar.set_postfix_str("fit loss {:.5f}".format(fit_loss_sum / fit_steps))

                p = nn.Softmax(dim=1)(logits)  # probabilities
                fit_pred_b = list(torch.max(p, 1)[1].detach().cpu().numpy())
                fit_true_b = list(targets.cpu().numpy())

                fit_pred += fit_pred_b
                fit_true += fit_true_b

        fit_scores = score_all(metric_names, agg_names, fit_true, fit_pred)
        line = "ep {}: ".format(ep)
        for k, v in fit_scores.items():
            line = line +' fit '+ k + ' {:.5f}'.format(v)

        line = line + " - "
        print(line)

        eval_loss_sum, eval_steps = 0, 0
        net.eval()
        eval_pred, eval_true = [], []

        with torch.no_grad():
            with tqdm(total=len(eval_loader), desc="ep {}".format(ep)) as bar:
                for clips, targets in eval_loader:

                    clips, targets = clips.to(device), targets.to(device)
                    logits = net(clips)

                    batch_loss = loss_fn(logits, targets)
                    eval_loss_sum += batch_loss.item()
                    eval_steps += 1

                    bar.update(1)
                    bar.set_postfix_str("eval loss {:.5f}".format(eval_loss_sum / eval_steps))

                    p = nn.Softmax(dim=1)(logits)  # probabilities
                    eval_pred_b = list(torch.max(p, 1)[1].detach().cpu().numpy())
                    eval_true_b = list(targets.cpu().numpy())

                    eval_pred += eval_pred_b
                    eval_true += eval_true_b

        eval_scores = score_all(metric_names, agg_names, eval_true, eval_pred)
        line = "ep {}: ".format(ep)

        mean_eval_loss = eval_loss_sum / eval_steps

        for k, v in eval_scores.items():
            line = line + ' eval ' + k + ' {:.5f}'.format(v)
            if k == select_by:
                cur_score = v

        line = line + " - "
        print(line)

        if cur_score > best_score and KEEP_BEST:
            torch.save(net.state_dict(), "weights_{}.pt".format(RUN_TAG))
            print("saved new best weights")
            best_score = cur_score

        # patience on eval loss
        if mean_eval_loss > prev_eval_loss:
        # alternative: stop below a fixed loss
        #     stop
            bad_epochs += 1
            print('bad epochs:', bad_epochs)
            if bad_epochs >= 5:
                print('stopping early')
                break
        else:
            print('bad epochs reset')
            bad_epochs = 0
        prev_eval_loss = mean_eval_loss
        # simple patience counter

        # lr plateau step
        sched.step(best_score)


if __name__ == '__main__':
    metric_names = ['acc', 'hlm']
    agg_names = ['sum', 'avg']
    run_training(num_epochs, metric_names, agg_names, select_by='sum', USE_PRETRAINED=False)

import os, torch, misc

def get_args():
    import argparse
    ap = argparse.ArgumentParser(description='recurrent audio classifier')
    # resampling step
    ap.add_argument('--raw_data_dir', default='raw_data', help='folder with the original clips')
    ap.add_argument('--data_16000_dir', default='wav_16000', help='folder for resampled clips')
    ap.add_argument('--data_dir', default='data', help='folder for spectrogram tensors')
    ap.add_argument('--sample_rate', default=16000, type=int, help='target sample rate')
    # manifests
    ap.add_argument('--manifest_dir', default='manifest', help='folder with the manifests')
    ap.add_argument('--eval_size', type=int, default=500, help='number of clips held out for eval')
    ap.add_argument('--test_size', type=int, default=500, help='number of clips held out for test')
    # loading
    ap.add_argument('--batch_size', default=20, type=int, help='clips per batch')
    ap.add_argument('--num_workers', default=4, type=int, help='loader worker processes')
    ap.add_argument('--window_size', default=.02, type=float, help='STFT window in seconds')
    ap.add_argument('--window_stride', default=.01, type=float, help='STFT hop in seconds')
    # ap.add_argument('--crop_audio_length', default=20, type=float, help='crop longer clips to this many seconds')
    # network
    ap.add_argument('--hidden_size', default=800, type=int, help='RNN width')
    ap.add_argument('--hidden_layers', default=5, type=int, help='RNN depth')
    ap.add_argument('--num_classes', default=10, type=int, help='number of sound classes')
    ap.add_argument('--model_path', default='models/best.pth', help='where the best model goes')
    # optimisation
    ap.add_argument('--gpu', default=-1, type=int, help='one device id, or -1 for cpu / all gpus')
    ap.add_argument('--train_manifest', default='train.csv', help='train manifest file')
    ap.add_argument('--eval_manifest', default='eval.csv', help='eval manifest file')
    ap.add_argument('--test_manifest', default='test.csv', help='test manifest file')
    ap.add_argument('--epochs', default=100, type=int, help='number of epochs')
    ap.add_argument('--lr', default=1e-2, type=float, help='starting learning rate')
    ap.add_argument('--momentum', default=0.9, type=float, help='SGD momentum')
    ap.add_argument('--max_norm', default=400, type=int, help='gradient clipping norm')
    ap.add_argument('--learning_anneal', default=1.05, type=float, help='per-epoch lr divisor')
    ap.add_argument('--logdir', default='log', type=str, help='log folder')
    ap.add_argument('--continue_from', type=str, help='resume from this run folder')
    ap.add_argument('--plot', action='store_true', help='draw accuracy curves')
    # done
    return ap.parse_args()


class RunLog(object):

    def __init__(self, args, init_state={}, sub_dir=None):
        self.args = args        
        misc.ensure_dir(args.logdir)
        sub_dir = args.continue_from or sub_dir or misc.datetimestr()
        self.logdir = os.path.join(args.logdir, sub_dir)
        misc.ensure_dir(self.logdir)
        self._open_log()
        self._load_state(args, init_state)

    def _open_log(self):
        import logging
        log_path = os.path.join(self.logdir, 'log.txt')
        self._lg = logging.getLogger()
        self._lg.setLevel('INFO')
        fh = logging.FileHandler(log_path)
        sh = logging.StreamHandler()
        self._lg.addHandler(fh)
        self._lg.addHandler(sh)

    def info(self, msg):
        self._lg.info(msg)

    # persistent state

    def _load_state(self, args, init_state):
        import json
        state_path = os.path.join(self.logdir, 'train_info.txt')
        if os.path.isfile(state_path):
            self.state = json.loads(misc.load_file(state_path))
        else:
            self.state = init_state

    def save_state(self):
        import json
        state_path = os.path.join(self.logdir, 'train_info.txt')
        misc.save_file(state_path, json.dumps(self.state))

    def draw(self):
        import plot
        pdf_path = os.path.join(self.logdir, 'progress.pdf')
        xs = torch.Tensor(range(1, 1 + len(self.state['train_acc'])))
        ys = torch.Tensor([self.state['train_acc'], self.state['eval_acc']])
        # ys, yerr = plot.smooth2d(ys, step=3)
        plot.plot(xs, ys, y_err=None, legends=['train', 'eval'], 
                title=None, xlabel='epoch', ylabel='accuracy', filename=pdf_path)

    # checkpoints

    def save_model(self, model, model_path=None):
        if isinstance(model, torch.nn.DataParallel):
            model = model.module
        if model_path is None:
            if 'model_path' in self.state and os.path.exists(os.join(self.logdir, self.state['model_path'])):
                print("deleting previous checkpoint {}".format(self.state['model_path']))
                os.remove(os.join(self.logdir, self.state['model_path']))
            model_path = misc.datetimestr() + '.model.pth'
            self.state['model_path'] = model_path
        print("writing checkpoint {}".format(model_path))
        model.save(os.path.join(self.logdir, model_path))

    def build_model(self):
        import model, rnn
        if 'model_path' in self.state and os.path.exists(self.state['model_path']):
            model = model.AudioModel(rnn.BatchRNNLayers, config=None)
            model.load(self.state['model_path'])
        else:
            model = model.AudioModel(rnn.BatchRNNLayers, config=self.args.__dict__)
        if torch.cuda.is_available():
            if self.args.gpu == -1:
                model = torch.nn.DataParallel(model).cuda()
            else:
                model = model.cuda()
        return model


def one_pass(model, data_loader, is_cuda, optimizer=None, max_norm=None):
    import time
    from tqdm import tqdm
    from torch.autograd import Variable

    training = optimizer is not None
    if training:
        model.train()
    else:
        model.eval()

    mean_loss = misc.Average()
    mean_acc = misc.Average()

    for i, (spec, lab) in tqdm(enumerate(data_loader), total=len(data_loader)):
        if training:
            spec = Variable(spec, requires_grad=False)
        else:
            spec = Variable(spec, volatile=True)            
        if is_cuda:
            spec = spec.cuda()

        out = model(spec)
        _, guess = out.data.cpu().max(1)
        n = spec.size(0)
        acc = (guess.view(-1) == lab).sum() / float(n)
        mean_acc.update(acc, n)

        if training:
            lab = Variable(lab, requires_grad=False)
            if is_cuda:
                lab = lab.cuda()

            loss = torch.nn.functional.cross_entropy(out, lab) / n
            mean_loss.update(loss.data[0], n)
            optimizer.zero_grad()
            loss.backward()
            if max_norm is not None:
                torch.nn.utils.clip_grad_norm(model.parameters(), max_norm)
            optimizer.step()

        if is_cuda:
            torch.cuda.synchronize()

    return mean_acc.avg, mean_loss.avg


def fresh_state():
    st = {}
    st['epoch'] = 0
    st['train_loss'] = []
    st['train_acc'] = []
    st['eval_acc'] = []
    st['test_acc'] = []
    st['best_eval_acc'] = 0
    st['best_test_acc'] = 0
    return st

def decay_lr(epoch, args, optimizer, log):
    if epoch > 1:
        ostate = optimizer.state_dict()
        ostate['param_groups'][0]['lr'] = ostate['param_groups'][0]['lr'] / args.learning_anneal
        optimizer.load_state_dict(ostate)
        log.info('lr now: {lr:.6f}'.format(lr=ostate['param_groups'][0]['lr']))

def train(args):
    is_cuda = torch.cuda.is_available()
    log = RunLog(args, init_state=fresh_state())

    model = log.build_model()
    params = model.parameters()
    optimizer = torch.optim.SGD(params, lr=args.lr, momentum=args.momentum, nesterov=True)
    log.info("parameter count: %d" % misc.get_param_size(model))

    import loader
    train_loader, _, _ = loader.get(args, os.path.join(args.manifest_dir, args.train_manifest))
    eval_loader, _, _ = loader.get(args, os.path.join(args.manifest_dir, args.eval_manifest))
    test_loader, _, _ = loader.get(args, os.path.join(args.manifest_dir, args.test_manifest))

    for epoch in range(args.epochs):
        decay_lr(epoch + 1, args, optimizer, log)
        if epoch < log.state['epoch']: continue
        log.state['epoch'] += 1

        model.train()
        acc, loss = one_pass(model, train_loader, is_cuda, optimizer, args.max_norm)
        log.info('epoch {}: train acc {}, train loss {}'.format(epoch + 1, acc, loss))
        log.state['train_loss'].append(loss)
        log.state['train_acc'].append(acc)

        model.eval()
        acc, _ = one_pass(model, eval_loader, is_cuda)
        log.info('epoch {}: eval acc {}'.format(epoch + 1, acc))
        log.state['eval_acc'].append(acc)

        if acc > log.state['best_eval_acc']:
            log.state['best_eval_acc'] = acc
            acc, _ = one_pass(model, test_loader, is_cuda)
            log.info('epoch {}: test acc {}'.format(epoch + 1, acc))
            log.state['test_acc'].append(acc)

            if acc > log.state['best_test_acc']:
                print("new best on test (acc=%.5f)" % acc)
                log.state['best_test_acc'] = acc
                log.save_model(model, 'best.model.pth')

        log.save_state()
        log.save_model(model)
        if args.plot:
            log.draw()


if __name__ == '__main__':
    args = get_args()
    if args.gpu >= 0:
        misc.prepare_single_device(args)
    train(args)

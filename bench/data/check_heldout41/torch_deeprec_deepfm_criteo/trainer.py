from torch.utils.data import DataLoader
from torch.utils.tensorboard import SummaryWriter
from torch.utils.data.dataset import Dataset

from util.checkpoint_util import *
from util.log_util import *


def fit_with_holdout(run_name, device,
                     model: nn.Module, dataset: Dataset,
                     loss_func, optimizer, holdout=0.2,
                     batch_size=32, epochs=2, shuffle=True,
                     log_to_file=True, log_file=None,
                     keep_ckpt=True, ckpt_root=None, ckpt_every=None,
                     keep_model=True, model_file=None,
                     use_tb=False, tb_root=None,
                     resume_from=None):
    n_total = len(dataset)
    if 0 < holdout < 1:
        holdout = int(n_total * holdout)
    n_fit = n_total - holdout
    fit_part, hold_part = torch.utils.data.random_split(dataset, [n_fit, holdout])
    fit_model(run_name, device, model, fit_part, loss_func, optimizer, hold_part, batch_size, epochs,
              shuffle, log_to_file, log_file, keep_ckpt, ckpt_root, ckpt_every, keep_model, model_file,
              use_tb, tb_root, resume_from)


def fit_model(run_name, device,
              model: nn.Module, fit_part: Dataset,
              loss_func, optimizer, hold_part: Dataset = None,
              batch_size=32, epochs=2, shuffle=True,
              log_to_file=True, log_file=None,
              keep_ckpt=True, ckpt_root=None, ckpt_every=None,
              keep_model=True, model_file=None,
              use_tb=False, tb_root=None,
              resume_from=None):
    # set up
    # the logger, the tensorboard writer and where checkpoints and the final model go
    log, tb, ckpt_root, log_file, model_file = make_paths(run_name, device, log_to_file, log_file,
                                                          keep_ckpt, ckpt_root, keep_model, model_file,
                                                          use_tb, tb_root)
    # run settings
    if not keep_ckpt:
        ckpt_every = epochs + 1
    fit_loader = DataLoader(fit_part, batch_size=batch_size, shuffle=shuffle)
    if hold_part:
        hold_loader = DataLoader(hold_part, batch_size=batch_size)
    else:
        hold_loader = None
    start_epoch = 1

    # continue from a checkpoint when one is named
    if resume_from:
        done_epochs, done_loss = load_to_train(model, optimizer, resume_from)
        write_info_log(log, 'resumed from {}'.format(resume_from))
        write_info_log(log, 'epochs done:{}, loss so far:{:.5f}'.format(done_epochs, done_loss))
        start_epoch = done_epochs + 1
        model.to(device)

    # describe the run
    write_model_meta(log, run_name, device, model, loss_func, optimizer, epochs, batch_size, shuffle)

    # go
    write_info_log(log, 'fitting begins')
    run_epochs(model, epochs, fit_loader, loss_func, optimizer, ckpt_every, log, hold_loader=hold_loader,
               tb=tb, ckpt_root=ckpt_root, start_epoch=start_epoch)

    # wrap up
    if keep_model:
        stored_at = save_trained_model(model_file, model)
        write_info_log(log, 'model stored:{}'.format(stored_at))
    if tb:
        tb.flush()
        tb.close()
    write_info_log(log, 'fitting done')
    close_logger(log)


def make_paths(run_name, device, log_to_file=True, log_file=None,
               keep_ckpt=True, ckpt_root=None,
               keep_model=True, model_file=None,
               use_tb=True, tb_root=None):
    # one folder per run
    stamp = time.time()
    stamp_text = time.strftime("%b%d-%H-%M-%S", time.localtime(stamp))
    dev_text = '{}-{}'.format(device.type, device.index)

    run_dir = '/runs/{}_{}_{}'.format(run_name, dev_text, stamp_text)
    run_dir = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + run_dir
    if not os.path.exists(run_dir):
        os.makedirs(run_dir)

    # checkpoints
    if keep_ckpt:
        if not ckpt_root:
            ckpt_root = run_dir
    else:
        ckpt_root = None

    # logger
    log_name = '{}_{}'.format(run_name, dev_text)
    if log_to_file:
        if not log_file:
            log_file = run_dir + '/fit.log'
        log = create_file_console_logger(log_file, name=log_name)
    else:
        log = create_console_logger(name=log_name)
        log_file = None

    # final model
    if keep_model:
        if not model_file:
            model_file = run_dir + '/final.pt'
    else:
        model_file = None

    # tensorboard
    if use_tb:
        if not tb_root:
            tb_root = run_dir + '/tb'
        tb = SummaryWriter(log_dir=tb_root)
    else:
        tb = None
        tb_root = None

    write_training_file_meta(log, ckpt_root, log_file, model_file, tb_root)
    return log, tb, ckpt_root, log_file, model_file


def run_epochs(model, epochs, fit_loader, loss_func, optimizer, ckpt_every,
               log, hold_loader=None, tb=None, ckpt_root=None,
               start_epoch=1):
    # how often to checkpoint
    if not ckpt_every:
        if epochs > 50:
            ckpt_every = 10
        elif epochs > 10:
            ckpt_every = 5
        else:
            ckpt_every = 2

    countdown = ckpt_every
    loss = 0
    last_epoch = epochs + start_epoch - 1
    for ep in range(start_epoch, last_epoch + 1):
        # one pass over the fit part
        model.train()
        for it, batch in enumerate(fit_loader):
            target = batch[-1]
            inputs = batch[:-1]
            out = model(*inputs)
            loss = loss_func(out, target)

            if tb:
                tb.add_scalar("Loss/fit", loss, ep)

            # update
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()

        # report the last batch's loss
        write_training_log(log, ep, last_epoch, loss)

        # hold-out pass
        if hold_loader:
            model.eval()
            hold_sum = 0
            n_batches = 0
            for it, batch in enumerate(hold_loader):
                target = batch[-1]
                inputs = batch[:-1]
                out = model(*inputs)
                loss = loss_func(out, target)

                if tb:
                    tb.add_scalar("Loss/holdout", loss, ep)

                hold_sum += loss
                n_batches += 1
            hold_avg = hold_sum / n_batches
            write_training_log(log, ep, last_epoch, hold_avg, loss_type='validation')

        # checkpoint
        countdown -= 1
        if countdown == 0:
            ckpt_path = save_checkpoint('{}/epoch_{}.pt'.format(ckpt_root, ep), model, optimizer, loss, ep)
            write_info_log(log, 'checkpoint stored:{}'.format(ckpt_path))
            countdown = ckpt_every

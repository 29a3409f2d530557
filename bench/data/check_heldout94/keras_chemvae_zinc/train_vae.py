"""

Variational autoencoder over one-hot SMILES; the encoder and decoder
halves are saved and reloaded separately

"""

# optional: choose the least busy GPU first
# (disabled)
#
# (disabled)
# (disabled)

import argparse
import numpy as np
import tensorflow as tf
config = tf.ConfigProto()
config.gpu_options.per_process_gpu_memory_fraction = 0.5
config.gpu_options.allow_growth = True
import yaml
import time
import os
from keras import backend as K
from keras.models import Model
from keras.optimizers import SGD, Adam, RMSprop
from . import hyperparameters
from . import mol_utils as mutil
from . import mol_callbacks as cbs
from keras.callbacks import CSVLogger
from .models import encoder_model, load_encoder
from .models import decoder_model, load_decoder
from .models import property_predictor_model, load_property_predictor
from .models import variational_layers
from functools import partial
from keras.layers import Lambda



def encode_corpus(cfg):
    # returns x_fit/x_hold and, with property heads, y_fit/y_hold lists:
    #   regression only -> y_fit[0] is the regression target
    #   logit only -> y_fit[0] is the class target
    #   both -> y_fit[0] regression, y_fit[1] classes
    #   no property heads -> empty lists

    seq_len = cfg['MAX_LEN']

    alphabet = yaml.safe_load(open(cfg['char_file']))
    cfg['NCHARS'] = len(alphabet)
    n_sym = len(alphabet)
    sym_to_ix = dict((c, i) for i, c in enumerate(alphabet))
    # (reverse lookup unused)

    # property columns requested
    if cfg['do_prop_pred'] and ('data_file' in cfg):
        if "data_normalization_out" in cfg:
            norm_out = cfg["data_normalization_out"]
        else:
            norm_out = None

        # ----
        if ("reg_prop_tasks" in cfg) and ("logit_prop_tasks" in cfg):
            smi_list, y_reg, y_cls = mutil.load_smiles_and_data_df(cfg['data_file'], seq_len,
                    reg_tasks=cfg['reg_prop_tasks'], logit_tasks=cfg['logit_prop_tasks'],
                    normalize_out = norm_out)
        elif "logit_prop_tasks" in cfg:
            smi_list, y_cls = mutil.load_smiles_and_data_df(cfg['data_file'], seq_len,
                    logit_tasks=cfg['logit_prop_tasks'], normalize_out=norm_out)
        elif "reg_prop_tasks" in cfg:
            smi_list, y_reg = mutil.load_smiles_and_data_df(cfg['data_file'], seq_len,
                    reg_tasks=cfg['reg_prop_tasks'], normalize_out=norm_out)
        else:
            raise ValueError("no property task named (reg and/or logit)")

    # SMILES only
    else:
        smi_list = mutil.load_smiles_and_data_df(cfg['data_file'], seq_len)

    if 'limit_data' in cfg.keys():
        keep = np.random.choice(np.arange(len(smi_list)), cfg['limit_data'], replace=False)
        smi_list=list(np.array(smi_list)[keep])
        if cfg['do_prop_pred'] and ('data_file' in cfg):
            if "reg_prop_tasks" in cfg:
                y_reg =  y_reg[keep]
            if "logit_prop_tasks" in cfg:
                y_cls =  y_cls[keep]

    print('molecules kept:', len(smi_list))
    print('example: \"', smi_list[0], '\"')
    print('alphabet size:', n_sym)

    print('one-hot encoding...')
    onehot = mutil.smiles_to_hot(smi_list, seq_len, cfg[
                             'PADDING'], sym_to_ix, n_sym)

    print('encoded rows', onehot.shape[0])
    if np.shape(onehot)[0] % cfg['batch_size'] != 0:
        onehot = onehot[:np.shape(onehot)[0] // cfg['batch_size']
              * cfg['batch_size']]
        if cfg['do_prop_pred']:
            if "reg_prop_tasks" in cfg:
                y_reg = y_reg[:np.shape(y_reg)[0] // cfg['batch_size']
                      * cfg['batch_size']]
            if "logit_prop_tasks" in cfg:
                y_cls = y_cls[:np.shape(y_cls)[0] // cfg['batch_size']
                      * cfg['batch_size']]

    np.random.seed(cfg['RAND_SEED'])
    perm = np.arange(np.shape(onehot)[0])
    np.random.shuffle(perm)

    fit_frac = 1 - cfg['val_split']
    n_fit = int(onehot.shape[0] * fit_frac)

    if n_fit % cfg['batch_size'] != 0:
        n_fit = n_fit // cfg['batch_size'] * \
            cfg['batch_size']

    fit_ix, hold_ix = perm[: int(n_fit)], perm[int(n_fit):]

    if 'test_idx_file' in cfg.keys():
        np.save(cfg['test_idx_file'], hold_ix)

    x_fit, x_hold = onehot[fit_ix], onehot[hold_ix]
    print('fit array shape: {}', np.shape(x_fit))
    print('fit set {} after length cut {}'.format(
        np.shape(x_fit), seq_len))

    if cfg['do_prop_pred']:
        # targets for the property heads
        y_fit = []
        y_hold = []
        if "reg_prop_tasks" in cfg:
            yr_fit, yr_hold = y_reg[fit_ix], y_reg[hold_ix]
            y_fit.append(yr_fit)
            y_hold.append(yr_hold)
        if "logit_prop_tasks" in cfg:
            yc_fit, yc_hold = y_cls[fit_ix], y_cls[hold_ix]
            y_fit.append(yc_fit)
            y_hold.append(yc_hold)

        return x_fit, x_hold, y_fit, y_hold

    else:
        return x_fit, x_hold


def assemble_nets(cfg):

    def passthrough(x):
        return K.identity(x)

    # KL weight as a backend variable
    kl_w = K.variable(cfg['kl_loss_weight'])

    if cfg['reload_model'] == True:
        enc = load_encoder(cfg)
        dec = load_decoder(cfg)
    else:
        enc = encoder_model(cfg)
        dec = decoder_model(cfg)

    inp = enc.inputs[0]

    mu, enc_h = enc(inp)
    z, mu_logvar = variational_layers(mu, enc_h, kl_w, cfg)

    # decoding
    if cfg['do_tgru']:
        recon = dec([z, inp])
    else:
        recon = dec(z)

    recon = Lambda(passthrough, name='x_pred')(recon)
    heads = [recon, mu_logvar]

    vae_net = Model(inp, heads)

    if cfg['do_prop_pred']:
        if cfg['reload_model'] == True:
            prop_net = load_property_predictor(cfg)
        else:
            prop_net = property_predictor_model(cfg)

        if (('reg_prop_tasks' in cfg) and (len(cfg['reg_prop_tasks']) > 0 ) and
                ('logit_prop_tasks' in cfg) and (len(cfg['logit_prop_tasks']) > 0 )):

            reg_out, cls_out   = prop_net(mu)
            reg_out = Lambda(passthrough, name='reg_prop_pred')(reg_out)
            cls_out = Lambda(passthrough, name='logit_prop_pred')(cls_out)
            heads.extend([reg_out,  cls_out])

        # regression head only
        elif ('reg_prop_tasks' in cfg) and (len(cfg['reg_prop_tasks']) > 0 ):
            reg_out = prop_net(mu)
            reg_out = Lambda(passthrough, name='reg_prop_pred')(reg_out)
            heads.append(reg_out)

        # classification head only
        elif ('logit_prop_tasks' in cfg) and (len(cfg['logit_prop_tasks']) > 0 ):
            cls_out = prop_net(mu)
            cls_out = Lambda(passthrough, name='logit_prop_pred')(cls_out)
            heads.append(cls_out)

        else:
            raise ValueError('property head asked for but no tasks given')

        # wrap into a model
        vae_prop_net = Model(inp, heads)
        return vae_net, vae_prop_net, enc, dec, prop_net, kl_w

    else:
        return vae_net, enc, dec, kl_w


def kl_term(_unused, mu_lv):
    m, lv = tf.split(mu_lv, 2, axis=1)
    print('mu shape (kl): ', m.get_shape())
    kl_term = - 0.5 * \
        K.mean(1 + lv - K.square(m) -
              K.exp(lv), axis=-1)
    return kl_term


def run_plain(cfg):
    t0 = time.time()

    x_fit, x_hold = encode_corpus(cfg)
    vae_net, enc, dec, kl_w = assemble_nets(cfg)

    # optimiser choice
    if cfg['optim'] == 'adam':
        opt = Adam(lr=cfg['lr'], beta_1=cfg['momentum'])
    elif cfg['optim'] == 'rmsprop':
        opt = RMSprop(lr=cfg['lr'], rho=cfg['momentum'])
    elif cfg['optim'] == 'sgd':
        opt = SGD(lr=cfg['lr'], momentum=cfg['momentum'])
    else:
        raise NotImplemented("unknown optimizer name")

    loss_map = {'x_pred': cfg['loss'],
                        'z_mean_log_var': kl_term}

    # KL annealing and logging
    kl_sched = partial(cbs.sigmoid_schedule, slope=cfg['anneal_sigmod_slope'],
                               start=cfg['vae_annealer_start'])
    kl_cb = cbs.WeightAnnealer_epoch(
            kl_sched, kl_w, cfg['kl_loss_weight'], 'vae' )

    csv_cb = CSVLogger(cfg["history_file"], append=False)
    cb_list = [ kl_cb, csv_cb]


    def kl_metric(y_true, y_pred):
        return kl_w

    xent_w = K.variable(cfg['xent_loss_weight'])
    fit_targets = {'x_pred':x_fit,
                'z_mean_log_var':np.ones((np.shape(x_fit)[0], cfg['hidden_dim'] * 2))}
    hold_targets = {'x_pred':x_hold,
        'z_mean_log_var':np.ones((np.shape(x_hold)[0], cfg['hidden_dim'] * 2))}

    vae_net.compile(loss=loss_map,
        loss_weights=[xent_w,
          kl_w],
        optimizer=opt,
        metrics={'x_pred': ['categorical_accuracy',kl_metric]}
        )

    verb = cfg['verbose_print']

    vae_net.fit(x_fit, fit_targets,
                    batch_size=cfg['batch_size'],
                    epochs=cfg['epochs'],
                    initial_epoch=cfg['prev_epochs'],
                    callbacks=cb_list,
                    verbose=verb,
                    validation_data=[ x_hold, hold_targets]
                    )

    enc.save(cfg['encoder_weights_file'])
    dec.save(cfg['decoder_weights_file'])
    print('elapsed s: ', time.time() - t0)
    print('done.')
    return

def run_with_props(cfg):
    t0 = time.time()

    # data
    x_fit, x_hold, y_fit, y_hold = encode_corpus(cfg)

    # all networks
    vae_net, vae_prop_net, enc, dec, prop_net, kl_w = assemble_nets(cfg)

    # optimiser choice
    if cfg['optim'] == 'adam':
        opt = Adam(lr=cfg['lr'], beta_1=cfg['momentum'])
    elif cfg['optim'] == 'rmsprop':
        opt = RMSprop(lr=cfg['lr'], rho=cfg['momentum'])
    elif cfg['optim'] == 'sgd':
        opt = SGD(lr=cfg['lr'], momentum=cfg['momentum'])
    else:
        raise NotImplemented("unknown optimizer name")

    fit_targets = {'x_pred':x_fit,
                'z_mean_log_var':np.ones((np.shape(x_fit)[0], cfg['hidden_dim'] * 2))}
    hold_targets = {'x_pred':x_hold,
        'z_mean_log_var':np.ones((np.shape(x_hold)[0], cfg['hidden_dim'] * 2))}
    loss_map = {'x_pred': cfg['loss'],
                        'z_mean_log_var': kl_term}

    xent_w = K.variable(cfg['xent_loss_weight'])
    ae_w = 1. - cfg['prop_pred_loss_weight']
    w_map = {
                    'x_pred': ae_w*xent_w,
                    'z_mean_log_var':   ae_w*kl_w}

    prop_w = cfg['prop_pred_loss_weight']


    if ('reg_prop_tasks' in cfg) and (len(cfg['reg_prop_tasks']) > 0 ):
        fit_targets['reg_prop_pred'] = y_fit[0]
        hold_targets['reg_prop_pred'] = y_hold[0]
        loss_map['reg_prop_pred'] = cfg['reg_prop_pred_loss']
        w_map['reg_prop_pred'] = prop_w
    if ('logit_prop_tasks' in cfg) and (len(cfg['logit_prop_tasks']) > 0 ):
        if ('reg_prop_tasks' in cfg) and (len(cfg['reg_prop_tasks']) > 0 ):
            fit_targets['logit_prop_pred'] = y_fit[1]
            hold_targets['logit_prop_pred'] = y_hold[1]
        else:
            fit_targets['logit_prop_pred'] = y_fit[0]
            hold_targets['logit_prop_pred'] = y_hold[0]
        loss_map['logit_prop_pred'] = cfg['logit_prop_pred_loss']
        w_map['logit_prop_pred'] = prop_w


    # KL annealing and logging
    kl_sched = partial(cbs.sigmoid_schedule, slope=cfg['anneal_sigmod_slope'],
                               start=cfg['vae_annealer_start'])
    kl_cb = cbs.WeightAnnealer_epoch(
            kl_sched, kl_w, cfg['kl_loss_weight'], 'vae' )

    csv_cb = CSVLogger(cfg["history_file"], append=False)

    cb_list = [ kl_cb, csv_cb]
    def kl_metric(y_true, y_pred):
        return kl_w

    # keras verbosity
    verb = cfg['verbose_print']

    if 'checkpoint_path' in cfg.keys():
        cb_list.append(cbs.EncoderDecoderCheckpoint(enc, dec,
                params=cfg, prop_pred_model = prop_net,save_best_only=False))

    vae_prop_net.compile(loss=loss_map,
               loss_weights=w_map,
               optimizer=opt,
               metrics={'x_pred': ['categorical_accuracy',
                    kl_metric]})


    vae_prop_net.fit(x_fit, fit_targets,
                         batch_size=cfg['batch_size'],
                         epochs=cfg['epochs'],
                         initial_epoch=cfg['prev_epochs'],
                         callbacks=cb_list,
                         verbose=verb,
         validation_data=[x_hold, hold_targets]
     )

    enc.save(cfg['encoder_weights_file'])
    dec.save(cfg['decoder_weights_file'])
    prop_net.save(cfg['prop_pred_weights_file'])

    print('elapsed s: ', time.time() - t0)
    print('done.')

    return


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument('-e', '--exp_file',
                        help='json with the run settings', default='exp.json')
    ap.add_argument('-d', '--directory',
                        help='folder holding that file', default=None)
    cli = vars(ap.parse_args())
    if cli['directory'] is not None:
        cli['exp_file'] = os.path.join(cli['directory'], cli['exp_file'])

    cfg = hyperparameters.load_params(cli['exp_file'])
    print("settings:", cfg)

    if cfg['do_prop_pred'] :
        run_with_props(cfg)
    else:
        run_plain(cfg)

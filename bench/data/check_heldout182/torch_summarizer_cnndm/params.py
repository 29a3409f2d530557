# Hyper-parameters and data paths of the summarizer.
from typing import Optional, Union, List


class Params:

  vocab_size: int = 30000
  hidden_size: int = 150
  dec_hidden_size: Optional[int] = 200
  embed_size: int = 100
  enc_bidi: bool = True
  enc_attn: bool = True
  dec_attn: bool = False
  pointer: bool = True
  out_embed_size: Optional[int] = None
  tie_embed: bool = True


  enc_attn_cover: bool = True
  cover_func: str = 'max'
  cover_loss: float = 1
  show_cover_loss: bool = False


  enc_rnn_dropout: float = 0
  dec_in_dropout: float = 0
  dec_rnn_dropout: float = 0
  dec_out_dropout: float = 0


  optimizer: str = 'adam'
  lr: float = 0.001
  adagrad_accumulator: float = 0.1
  lr_decay_step: int = 5
  lr_decay: Optional[float] = None
  batch_size: int = 32
  n_batches: int = 1000
  val_batch_size: int = 32
  n_val_batches: int = 100
  n_epochs: int = 75
  pack_seq: bool = True
  forcing_ratio: float = 0.75
  partial_forcing: bool = True
  forcing_decay_type: Optional[str] = 'exp'
  forcing_decay: float = 0.9999
  sample: bool = True
  grad_norm: float = 1

  rl_ratio: float = 0
  rl_ratio_power: float = 1
  rl_start_epoch: int = 1


  embed_file: Optional[str] = 'data/.vector_cache/glove.6B.100d.txt'
  data_path: str = 'data/cnndm.gz'
  val_data_path: Optional[str] = 'data/cnndm.val.gz'
  max_src_len: int = 400
  max_tgt_len: int = 100
  truncate_src: bool = True
  truncate_tgt: bool = True


  model_path_prefix: Optional[str] = 'checkpoints/cnndm05'
  keep_every_epoch: bool = False


  beam_size: int = 4
  min_out_len: int = 60
  max_out_len: Optional[int] = 100
  out_len_in_words: bool = False
  test_data_path: str = 'data/cnndm.test.gz'
  test_sample_ratio: float = 1
  test_save_results: bool = False

  def update(self, cmd_args: List[str]):
    arg_name = None
    for arg_text in cmd_args:
      if arg_name is None:
        assert arg_text.startswith('--')
        arg_name = arg_text[2:]
      else:
        arg_curr_value = getattr(self, arg_name)
        if arg_text.lower() == 'none':
          arg_new_value = None
        elif arg_text.lower() == 'true':
          arg_new_value = True
        elif arg_text.lower() == 'false':
          arg_new_value = False
        else:
          arg_type = self.__annotations__[arg_name]
          if type(arg_type) is not type:
            assert arg_type.__origin__ is Union
            arg_types = [t for t in arg_type.__args__ if t is not type(None)]
            assert len(arg_types) == 1
            arg_type = arg_types[0]
            assert type(arg_type) is type
          arg_new_value = arg_type(arg_text)
        setattr(self, arg_name, arg_new_value)
        print("Hyper-parameter %s = %s (was %s)" % (arg_name, arg_new_value, arg_curr_value))
        arg_name = None
    if arg_name is not None:
      print("Warning: Argument %s lacks a value and is ignored." % arg_name)

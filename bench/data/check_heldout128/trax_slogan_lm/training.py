import os
import trax
from trax import layers as tl
from trax.supervised import training
from preprocess import make_streams
from model import TransformerLM

def build_loop(lm_builder, train_stream, eval_stream, ckpt_dir = 'groundup/slogan/modelOutput'):
    """
    Args:
        lm_builder: callable returning the trax Serial language model.
        train_stream: generator of training batches.
        eval_stream: generator of evaluation batches.
        ckpt_dir: where checkpoints go.
        
    Returns:
        a trax.supervised.training.Loop ready to run.
    """
    
    ckpt_dir = os.path.expanduser(ckpt_dir)
    sched = trax.lr.warmup_and_rsqrt_decay(n_warmup_steps=100, max_value=0.01)

    fit_task = training.TrainTask(
      labeled_data=train_stream,
      loss_layer=tl.CrossEntropyLoss(), 
      optimizer=trax.optimizers.Adam(0.01),
      lr_schedule=sched,
      n_steps_per_checkpoint=10,
    )

    check_task = training.EvalTask( 
      labeled_data=eval_stream,
      metrics=[tl.CrossEntropyLoss(), tl.Accuracy()]
    )

    lm = lm_builder(mode='train')

    runner = training.Loop(lm,
                         fit_task,
                         eval_tasks=[check_task],
                         output_dir=ckpt_dir
                        )
  
    return runner

# token streams
train_batches, eval_batches = make_streams()

# run
runner = build_loop(TransformerLM, train_batches, eval_batches)
runner.run(350)

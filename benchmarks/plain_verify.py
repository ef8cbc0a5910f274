"""The plain script `hwdoctor explain --verify` is measured against: the same library calls.

TrainingArguments(...).device, PartialState().device, transformers' get_max_memory() and
pipeline() with a tiny model built from a config, in one process, as a user would write them.
"""

import os
import tempfile
import warnings

warnings.simplefilter("ignore")
workdir = tempfile.mkdtemp()

from transformers import BertConfig, BertModel, BertTokenizer, pipeline  # noqa: E402

vocab = os.path.join(workdir, "vocab.txt")
with open(vocab, "w") as handle:
    handle.write("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "hello"]) + "\n")
config = BertConfig(
    vocab_size=6, hidden_size=8, num_hidden_layers=1, num_attention_heads=2, intermediate_size=16
)
print(
    pipeline("feature-extraction", model=BertModel(config), tokenizer=BertTokenizer(vocab)).device
)

from transformers.integrations.accelerate import get_max_memory  # noqa: E402

print(list(get_max_memory()))

from accelerate.state import PartialState  # noqa: E402

print(PartialState().device)

from transformers import TrainingArguments  # noqa: E402

args = TrainingArguments(output_dir=workdir, report_to="none")
print(args.device, args.n_gpu, args.parallel_mode)
